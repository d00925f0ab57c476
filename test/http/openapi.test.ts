import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'
import SwaggerParser from '@apidevtools/swagger-parser'
import { MergeClient } from '@mergeapi/merge-node-client'
import { Type } from '@sinclair/typebox'
import Fastify from 'fastify'
import t from 'tap'
import { registerOpenApi } from '../../src/http/openapi/index.js'
import { makeApp } from '../helpers/app.js'

/**
 * GET /openapi.json as tools see it: a real validator (@apidevtools/swagger-parser) and a real linter
 * (@redocly/cli, its recommended rules) accept it; its operationIds are the official client's methods.
 */

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const redocly = join(root, 'node_modules/@redocly/cli/bin/cli.js')

type Operation = { operationId: string, security?: Array<Record<string, string[]>>, responses: Record<string, unknown> }
type Doc = { openapi: string, info: { license?: unknown }, servers: Array<{ url: string }>, paths: Record<string, Record<string, Operation>>, components: Record<string, Record<string, unknown>>, webhooks?: Record<string, unknown> }

/** GET operations that take no input: only the HTTP layer can refuse them (a malformed request, huge headers). */
const NO_CLIENT_ERROR = [
  '/_unimock/health get', '/_unimock/scheduler get', '/v3/user/auth/logout get',
  '/link/initialize.js get', '/link/widget.js get', '/link/demo.js get', '/link/snippets get',
  '/_unimock/ui get', '/_unimock/ui/dashboard.js get'
]

const { app } = await makeApp(t)
// The host a user reaches it at (the linter warns about servers on "localhost").
const res = await app.inject({ url: '/openapi.json', headers: { host: '127.0.0.1:4010' } })
const doc = res.json() as Doc
const work = mkdtempSync(join(tmpdir(), 'unimock-openapi-'))
t.teardown(() => { rmSync(work, { recursive: true, force: true }) })

t.test('a valid OpenAPI 3.1 document with servers, a license and security schemes', async (t) => {
  t.equal(res.statusCode, 200)
  t.equal(doc.openapi, '3.1.0')
  t.same(doc.servers, [{ url: 'http://127.0.0.1:4010', description: 'this unimock' }], 'servers: where it was fetched from')
  t.match(doc.info.license, { name: 'MIT', identifier: 'MIT' })
  t.match(doc.components.securitySchemes, { apiKey: { type: 'http', scheme: 'bearer' }, accountToken: { type: 'apiKey', in: 'header', name: 'X-Account-Token' } })
  const problem = await SwaggerParser.validate(structuredClone(doc) as never).then(() => 'valid', (error: Error) => error.message)
  t.equal(problem, 'valid', '@apidevtools/swagger-parser validates it')
})

t.test('@redocly/cli lint: no errors and no warnings; every operation declares what the HTTP layer answers', async (t) => {
  const file = join(work, 'openapi.json')
  writeFileSync(file, res.body)
  const out = await run(process.execPath, [redocly, 'lint', file, '--format=json', '--max-problems=10000'], { cwd: work, maxBuffer: 64 << 20 })
    .catch((error: { stdout: string }) => error)
  const report = JSON.parse(out.stdout) as { totals: { errors: number, warnings: number }, problems: Array<{ ruleId: string, severity: string, message: string, location: Array<{ pointer: string }> }> }
  const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)
  t.same(errors, [], 'no errors')
  const warnings = report.problems.filter((p) => p.severity === 'warn').map((p) => {
    const where = /^#\/paths\/([^/]+)\/([a-z]+)\/responses$/.exec(p.location[0]?.pointer ?? '')
    return p.ruleId === 'operation-4xx-response' && where !== null ? `${where[1]!.replace(/~1/g, '/')} ${where[2]}` : `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`
  })
  t.same(warnings, [], 'no warnings')
  for (const key of NO_CLIENT_ERROR) {
    const [path, method] = key.split(' ') as [string, string]
    const declared = doc.paths[path]![method]!.responses
    t.same(Object.keys(declared).filter((s) => s.startsWith('4')).sort(), ['400', '408', '414', '417', '431'], `${key}: only the HTTP layer's refusals`)
    t.same(declared['431'], { $ref: '#/components/responses/http.431' }, 'as shared responses')
  }
  const post = doc.paths['/v3/plant']!.post!.responses
  t.ok('413' in post && '415' in post, 'an operation with a body also declares 413 and 415')
})

t.test('every operation has a unique operationId; the unified ones are the official client\'s methods', async (t) => {
  const fixture = JSON.parse(readFileSync(join(root, 'fixtures/unified-operations.json'), 'utf8')) as { operations: Record<string, { operationId: string, in_client: boolean }> }
  const client = new MergeClient({ apiKey: 'test_key', baseUrl: 'http://127.0.0.1:4010/api' }) as unknown as Record<string, unknown>
  const ids = new Set<string>()
  let unified = 0
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      t.notOk(ids.has(op.operationId), `${op.operationId} is unique`)
      ids.add(op.operationId)
      const known = fixture.operations[`${method.toUpperCase()} ${path}`]
      if (known === undefined) continue
      unified++
      t.equal(op.operationId, known.operationId, `${method} ${path}`)
      if (!known.in_client) continue
      const target = known.operationId.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], client)
      t.equal(typeof target, 'function', `merge.${known.operationId}() exists in the official client`)
    }
  }
  t.ok(unified > 200, `${unified} unified operations named from the fixture`)
  t.equal(doc.paths['/api/hris/v1/employees']!.get!.operationId, 'hris.employees.list')
  t.equal(doc.paths['/api/hris/v1/sync-status/resync']!.post!.operationId, 'hris.forceResync.syncStatusResyncCreate')
  t.equal(doc.paths['/_unimock/clock/advance']!.post!.operationId, 'postUnimockClockAdvance', 'other routes: method and path')
})

t.test('security: API key, account token, or nothing, as each route authenticates', async (t) => {
  const security = (path: string, method: string): unknown => doc.paths[path]![method]!.security
  t.same(security('/api/hris/v1/employees', 'get'), [{ apiKey: [], accountToken: [] }], 'data: API key and account token')
  t.same(security('/api/hris/v1/sync-status', 'get'), [{ apiKey: [], accountToken: [] }])
  t.same(security('/api/hris/v1/link-token', 'post'), [{ apiKey: [] }], 'link-token: API key only')
  t.same(security('/_unimock/faults', 'post'), [{ apiKey: [] }], 'tenant routes of the control API: API key')
  t.same(security('/_unimock/health', 'get'), [], 'health: none')
  t.same(security('/link/api/session', 'get'), [], 'widget: none (the link token is the credential)')
  t.same(security('/v3/plant', 'post'), [{ plantToken: [] }, {}], 'plant store writes: a login token with --plant-auth required')
  t.same(security('/v3/plant/{plantId}', 'get'), [])
  // The routes serving many operations (route-each.ts, operation-route.ts) wrap their authentication hooks.
  t.same(security('/api/crm/v1/passthrough', 'post'), [{ apiKey: [], accountToken: [] }], 'passthrough: API key and account token')
  t.same(security('/api/crm/v1/contacts', 'post'), [{ apiKey: [], accountToken: [] }], 'a create: API key and account token')
  t.same(security('/api/crm/v1/generate-key', 'post'), [{ apiKey: [] }], 'remote keys: API key only')
  // The webhook listener is the third party's way in: it is called with its key in the path, never an API key.
  const unkeyed = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/integrations/webhook-listener/'))
    .flatMap(([path, item]) => Object.entries(item as Record<string, { security?: Array<Record<string, unknown>> }>)
      .filter(([, op]) => !(op.security ?? []).some((requirement) => 'apiKey' in requirement)).map(([method]) => `${method.toUpperCase()} ${path}`))
  t.same(unkeyed, [], 'every operation of the unified service takes the API key')
})

t.test('shared components: each model schema, uniform parameter and error response is written once', async (t) => {
  const schemas = doc.components.schemas!
  t.ok(schemas['hris.Employee'] && schemas['hris.PaginatedEmployeeList'] && schemas['hris.Employee.inline'], 'model, page and inlined model')
  t.same((doc.paths['/api/hris/v1/employees/{id}']!.get!.responses['200'] as { content: unknown }).content, { 'application/json': { schema: { $ref: '#/components/schemas/hris.Employee' } } })
  t.same(doc.paths['/api/hris/v1/employees']!.get!.responses['401'], { $ref: '#/components/responses/unified.Detail' })
  t.ok(doc.components.parameters!['query.include_remote_data'], 'a parameter every list writes alike')
  const holders: string[] = []
  const walk = (node: unknown, at: string): void => {
    if (node === null || typeof node !== 'object') return
    if ((node as { properties?: Record<string, unknown> }).properties?.employee_number !== undefined) holders.push(at)
    for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`)
  }
  walk(doc, '')
  t.same(holders.sort(), ['/components/schemas/accounting.Employee', '/components/schemas/accounting.Employee.inline', '/components/schemas/hris.Employee', '/components/schemas/hris.Employee.inline', '/components/schemas/unified.hris.EmployeeRequest'],
    'an Employee\'s fields are written in its components only (as a record and inlined), never inside an operation')
})

t.test('the document\'s webhooks are the events the unified service sends, each body a shared component', async (t) => {
  t.same(Object.keys(doc.webhooks ?? {}).sort(), ['*.added', '*.changed', '*.removed', '*.synced', 'AsyncBulkPost.completed', 'AsyncPassthrough.resolved', 'AsyncPost.completed', 'Issue.new', 'Issue.reopened', 'Issue.resolved', 'LinkedAccount.deleted', 'LinkedAccount.linked', 'LinkedAccount.sync_completed'])
  const body = (event: string): unknown => (doc.webhooks![event] as { post: { requestBody: { content: Record<string, { schema: unknown }> } } }).post.requestBody.content['application/json']!.schema
  t.same(body('LinkedAccount.linked'), { $ref: '#/components/schemas/webhook.LinkedAccountLinked' })
  t.same(body('*.synced'), { $ref: '#/components/schemas/webhook.ModelSynced' }, '{Model}.synced, named by the glob a target subscribes to it with')
  t.match(doc.components.schemas!['webhook.ModelSynced'], { properties: { hook: {}, linked_account: {}, data: {} } })
})

t.test('the webhooks section lays out each event the service sends, with its payload schema', async (t) => {
  const app = Fastify()
  t.teardown(() => app.close())
  registerOpenApi(app, {
    version: '0.0.0',
    webhooks: { 'LinkedAccount.deleted': Type.Object({ hook: Type.Object({ event: Type.String() }), data: Type.Object({}) }, { title: 'webhook.LinkedAccountDeleted' }) }
  })
  app.get('/x', { schema: { response: { 200: Type.Object({ ok: Type.Boolean() }), 400: Type.Object({ detail: Type.String() }) } } }, async () => ({ ok: true }))
  await app.ready()
  const small = (await app.inject('/openapi.json')).json() as Doc
  t.match(small.webhooks, { 'LinkedAccount.deleted': { post: { operationId: 'webhook.LinkedAccount.deleted', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/webhook.LinkedAccountDeleted' } } } } } } })
  const problem = await SwaggerParser.validate(structuredClone(small) as never).then(() => 'valid', (error: Error) => error.message)
  t.equal(problem, 'valid')
})

t.test('the document is served gzip-compressed to a client that accepts gzip, and plain to one that does not', async (t) => {
  const host = { host: '127.0.0.1:4010' }
  t.equal(res.headers['content-encoding'], undefined, 'no Accept-Encoding: plain JSON')
  t.match(res.headers.vary, /accept-encoding/i)
  const zipped = await app.inject({ url: '/openapi.json', headers: { ...host, 'accept-encoding': 'gzip, deflate, br' } })
  t.equal(zipped.statusCode, 200)
  t.equal(zipped.headers['content-encoding'], 'gzip')
  t.match(zipped.headers['content-type'], /^application\/json/)
  t.match(zipped.headers.vary, /accept-encoding/i)
  const unzipped = gunzipSync(zipped.rawPayload)
  t.equal(unzipped.toString('utf8'), res.body, 'the same bytes once decompressed')
  t.ok(zipped.rawPayload.length * 5 < res.rawPayload.length, `${zipped.rawPayload.length} bytes compressed, ${res.rawPayload.length} plain`)
  const again = await app.inject({ url: '/openapi.json', headers: { ...host, 'accept-encoding': 'gzip' } })
  t.same(again.rawPayload, zipped.rawPayload, 'compressed once, served again')
  const otherHost = await app.inject({ url: '/openapi.json', headers: { host: 'unimock.test:9000', 'accept-encoding': 'gzip' } })
  t.match(JSON.parse(gunzipSync(otherHost.rawPayload).toString('utf8')), { servers: [{ url: 'http://unimock.test:9000' }] }, 'each origin its own servers')
  for (const refused of ['gzip;q=0', 'identity', 'br']) {
    const plain = await app.inject({ url: '/openapi.json', headers: { ...host, 'accept-encoding': refused } })
    t.equal(plain.headers['content-encoding'], undefined, `Accept-Encoding: ${refused}`)
    t.equal(plain.body, res.body)
  }
})
