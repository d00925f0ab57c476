import t from 'tap'
import { Ajv } from 'ajv'
import { FAULT_STATUSES } from '../../../src/integration/faults/schemas.js'
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
