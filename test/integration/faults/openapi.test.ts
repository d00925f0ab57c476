import t from 'tap'
import { Ajv } from 'ajv'
import { FAULT_STATUSES } from '../../../src/integration/control/faults/schemas.js'
import { resolve } from '../../helpers/openapi.js'
import { faultSetup } from './helpers.js'

const UNIFIED = /^\/(api\/[a-z]+\/v1|api\/mktg\/v1)\//

t.test('every unified operation in the OpenAPI document declares each status a fault can answer with', async (t) => {
  const f = await faultSetup(t)
  const doc = (await f.app.inject('/openapi.json')).json() as { paths: Record<string, Record<string, { responses: Record<string, any> }>> }
  let operations = 0
  const missing: string[] = []
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!UNIFIED.test(path)) continue
    for (const [method, op] of Object.entries(ops)) {
      operations++
      for (const status of FAULT_STATUSES) if (op.responses[String(status)] === undefined) missing.push(`${method} ${path} ${status}`)
    }
  }
  t.ok(operations > 200, `${operations} unified operations`)
  t.same(missing, [])

  // What a fault sends matches what the document declares for it.
  const declared = resolve(doc, doc.paths['/api/hris/v1/employees']!.get!.responses['503']).content['application/json'].schema
  const validate = new Ajv({ strict: false }).compile(declared)
  await f.addFault({ kind: 'status', status: 503, count: 1 })
  const res = await f.account.get('/api/hris/v1/employees')
  t.equal(res.statusCode, 503)
  t.ok(validate(res.json()), 'the injected body is valid against the declared schema')
})

t.test('GET sync-status declares the spec\'s sample form the sync_status_field_names quirk answers', async (t) => {
  const f = await faultSetup(t)
  const doc = (await f.app.inject('/openapi.json')).json() as { paths: Record<string, Record<string, { responses: Record<string, any> }>> }
  const declared = resolve(doc, doc.paths['/api/hris/v1/sync-status']!.get!.responses['200']).content['application/json'].schema
  const validate = new Ajv({ strict: false, validateFormats: false }).compile(declared)
  const normal = await f.account.get('/api/hris/v1/sync-status')
  t.ok(validate(normal.json()), 'the schema\'s form is valid')
  await f.addFault({ kind: 'quirk', quirk: 'sync_status_field_names', count: 1 })
  const quirky = await f.account.get('/api/hris/v1/sync-status')
  t.ok('model' in quirky.json().results[0], 'the quirk is in force')
  t.ok(validate(quirky.json()), 'and its form is valid too: the document declares both')
  const strictForm = new Ajv({ strict: false, validateFormats: false }).compile(declared.anyOf[0])
  t.notOk(strictForm(quirky.json()), 'the spec\'s schema alone refuses the sample form')
})
