import t from 'tap'
import { loadCatalogue } from '../../../src/integration/base/catalogue/catalogue.js'
import { loadWriteSurface } from '../../../src/integration/service/writes/write-surface.js'
import { clientType } from '../../helpers/client-types.js'
import { strictProblems } from '../../helpers/strict-parse.js'
import { Client } from '../helpers.js'
import { dataAccount, dataApp, type DataAccount } from '../data/helpers.js'

const catalogue = loadCatalogue()
const writes = loadWriteSurface()

t.test('every /meta operation of the catalogue answers a MetaResponse the client parses strictly', async (t) => {
  const { app } = await dataApp(t)
  const accounts = new Map<string, DataAccount>()
  const metas = writes.operations.filter((op) => op.family === 'meta')
  t.equal(metas.length, 50, 'the 50 meta operations of the facts')
  for (const op of metas) {
    let acct = accounts.get(op.category)
    if (acct === undefined) {
      acct = await dataAccount(app, op.category)
      accounts.set(op.category, acct)
    }
    let url = op.key.split(' ')[1]!
    if (url.includes('{id}')) {
      const model = catalogue.byId(`${op.category}.${op.model}`)!
      const page = await acct.api.get(`/api/${op.category}/v1/${model.segment}?page_size=1`)
      url = url.replace('{id}', page.json().results[0].id as string)
    }
    const res = await acct.api.get(url)
    t.equal(res.statusCode, 200, `${op.key}: ${res.body.slice(0, 200)}`)
    t.same(strictProblems(clientType(op.category, 'MetaResponse'), res.json()), [], `${op.key}: strict parse`)
    t.match(res.json(), { request_schema: { type: 'object', properties: { model: { type: 'object' } } }, status: { linked_account_status: 'COMPLETE', can_make_request: true } }, `${op.key}: the model's schema and the account's status`)
  }
  const acct = accounts.get('crm')!
  const missing = await acct.api.get('/api/crm/v1/contacts/meta/patch/6f2c1a8e-7b4d-4c1e-9a55-0d3f2b7e4c91')
  t.equal(missing.statusCode, 404, 'meta/patch of an unknown record is 404')
})

t.test('the request schema follows the account\'s integration', async (t) => {
  const { app } = await dataApp(t)
  const control = new Client(app, 'test-key')
  const schemaFor = async (integration: string): Promise<any> => {
    const created = await control.post('/_unimock/linked-accounts', { category: 'crm', integration, end_user_origin_id: `org-${integration}` })
    t.equal(created.statusCode, 201, created.body)
    const res = await control.withAccount(created.json().account_token as string).get('/api/crm/v1/contacts/meta/post')
    return res.json().request_schema.properties.model
  }
  const hubspot = await schemaFor('hubspot')
  const pipedrive = await schemaFor('pipedrive')
  const support = (name: string): string[] => writes.support('crm.Contact', 'post', name)!.supported_fields.filter((f) => f !== 'remote_id' && f !== 'remote_created_at')
  for (const f of support('HubSpot')) if (writes.request('crm', 'ContactRequest')[f] !== undefined) t.ok(hubspot.properties[f], `HubSpot takes ${f}`)
  t.notSame(Object.keys(hubspot.properties).sort(), Object.keys(pipedrive.properties).sort(), 'HubSpot and Pipedrive take different fields')
  const salesforce = await schemaFor('salesforce')
  const required = writes.support('crm.Contact', 'post', 'Salesforce')!.required_parameters.filter((p) => !p.includes('.'))
  t.same(salesforce.required, required, 'Salesforce\'s required parameters are required')
  const emails = salesforce.properties.email_addresses
  if (emails !== undefined) t.equal(emails.items.type, 'object', 'nested request objects are described')
})

t.test('conditional parameters: ATS applications and ticketing tickets', async (t) => {
  const { app } = await dataApp(t)
  const ats = await dataAccount(app, 'ats', 'test-key', { sync: false })
  const res = await ats.api.get('/api/ats/v1/applications/meta/post?application_remote_template_id=tpl-1')
  t.equal(res.statusCode, 200)
  t.equal(res.json().has_conditional_params, true)
  t.same(strictProblems(clientType('ats', 'MetaResponse'), res.json()), [])
  const cand = await ats.api.get('/api/ats/v1/candidates/meta/post')
  t.equal(cand.json().has_conditional_params, false)
  t.ok(cand.json().request_schema.properties.remote_user_id, 'the envelope\'s remote_user_id is described next to model')
})
