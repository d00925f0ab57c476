import t from 'tap'
import { clientType } from '../../helpers/client-types.js'
import { responseChecker } from '../../helpers/response-schema.js'
import { strictProblems } from '../../helpers/strict-parse.js'
import { dataAccount, dataApp } from '../data/helpers.js'

/**
 * What a write stores reads back inside the read model's declared schema (#36 defect 8): a nested item sent
 * with none of its fields (`email_addresses: [{}]`) reads back with every key of the read model's item, null
 * where not sent; an ignored record's lists are empty, not null. Checked against /openapi.json and the official
 * client's strict parse.
 */

t.test('written nested items and ignored records read back inside the declared schema', async (t) => {
  const { app } = await dataApp(t)
  const doc = (await app.inject({ url: '/openapi.json' })).json()
  const check = responseChecker(doc)
  const crm = await dataAccount(app, 'crm', 'schema-key')
  const accounting = await dataAccount(app, 'accounting', 'schema-key')

  const readBack = async (account: typeof crm, path: string, id: string, type: string, query = ''): Promise<Record<string, unknown>> => {
    const res = await account.api.get(`${path}/${id}${query}`)
    t.equal(res.statusCode, 200, res.body.slice(0, 200))
    t.same(check('GET', `${path}/{id}`, 200, String(res.headers['content-type']), res.json()), [], `${path}/{id} conforms to /openapi.json`)
    t.same(strictProblems(clientType(account.category, type), res.json()), [], 'and to the official client')
    return res.json()
  }

  const posted = await crm.api.post('/api/crm/v1/contacts', { model: { first_name: 'Ada', last_name: 'King', email_addresses: [{}], phone_numbers: [{}] } })
  t.equal(posted.statusCode, 201, posted.body.slice(0, 600))
  const contact = posted.json().model
  const created = await readBack(crm, '/api/crm/v1/contacts', contact.id, 'Contact')
  t.match(created.email_addresses, [{ email_address: null, email_address_type: null }], 'the item has every key, null where not sent')
  const patched = await crm.api.request('PATCH', `/api/crm/v1/contacts/${String(contact.id)}`, { model: { email_addresses: [{}], phone_numbers: [{ phone_number_type: 'MOBILE' }] } })
  t.equal(patched.statusCode, 200, patched.body.slice(0, 200))
  t.match((await readBack(crm, '/api/crm/v1/contacts', contact.id, 'Contact')).phone_numbers, [{ phone_number: null, phone_number_type: 'MOBILE' }])

  const vendorPosted = await accounting.api.post('/api/accounting/v1/contacts', { model: { name: 'Acme', addresses: [{}] } })
  t.equal(vendorPosted.statusCode, 201, vendorPosted.body.slice(0, 600))
  const vendor = vendorPosted.json().model
  t.match((await readBack(accounting, '/api/accounting/v1/contacts', vendor.id, 'Contact')).addresses, [{ created_at: String, street_1: null }])

  t.equal((await crm.api.post(`/api/crm/v1/contacts/ignore/${String(contact.id)}`, { reason: 'GDPR' })).statusCode, 200)
  const ignored = await readBack(crm, '/api/crm/v1/contacts', contact.id, 'Contact', '?include_deleted_data=true')
  t.match(ignored, { remote_was_deleted: true, first_name: null, email_addresses: [], phone_numbers: [] }, 'an ignored record: properties null, lists empty')
})

t.test('downloads declare the content type they serve: any, not application/json', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['filestorage.files=4', 'filestorage.folders=1'], dataChurn: 0 })
  const check = responseChecker((await app.inject({ url: '/openapi.json' })).json())
  const fs = await dataAccount(app, 'filestorage', 'download-key')
  const file = (await fs.walk('/api/filestorage/v1/files', {}, 100)).find((f) => typeof f.size === 'number')!
  for (const query of ['', '?mime_type=pdf']) {
    const res = await app.inject({ method: 'GET', url: `/api/filestorage/v1/files/${file.id as string}/download${query}`, headers: fs.api.headers() })
    t.equal(res.statusCode, 200)
    t.same(check('GET', '/api/filestorage/v1/files/{id}/download', 200, String(res.headers['content-type']), res.rawPayload), [], `${String(res.headers['content-type'])} is declared`)
  }
})
