import Fastify, { type FastifyInstance } from 'fastify'
import t from 'tap'
import { installValidation } from '../../src/http/validation.js'

/**
 * Validators and serializers are compiled once per process, by the schema's content (src/http/validation.ts).
 * The same schema still validates by the rules of where it is used: a query coerces, a body does not, and a
 * control body refuses unknown fields where a simulated interface's drops them; a second app gets the same.
 */

// One schema object, used by every route of both apps: only the flavour can tell the uses apart.
const schema = { type: 'object', properties: { n: { type: 'number' } }, additionalProperties: false } as const
const response = { 200: { type: 'object', properties: { n: { type: 'number' } } } } as const

async function app (): Promise<FastifyInstance> {
  const app = Fastify()
  installValidation(app)
  const echo = async (request: { body?: unknown, query?: unknown }): Promise<unknown> => ({ ...(request.body ?? request.query as object), extra: 'not in the response schema' })
  app.post('/_unimock/echo', { schema: { body: schema, response } }, echo)
  app.post('/api/echo', { schema: { body: schema, response } }, echo)
  app.get('/api/echo', { schema: { querystring: schema, response } }, echo)
  await app.ready()
  return app
}

for (const which of ['first', 'second']) {
  t.test(`${which} app in the process: each use of one schema keeps its own rules`, async (t) => {
    const a = await app()
    t.teardown(() => a.close())
    const query = await a.inject({ url: '/api/echo?n=3' })
    t.same([query.statusCode, query.json()], [200, { n: 3 }], 'a query coerces "3" to 3; the response schema drops extra')
    const body = await a.inject({ method: 'POST', url: '/api/echo', payload: { n: '3' } })
    t.equal(body.statusCode, 400, 'a body does not coerce')
    const dropped = await a.inject({ method: 'POST', url: '/api/echo', payload: { n: 3, other: true } })
    t.same([dropped.statusCode, dropped.json()], [200, { n: 3 }], 'a simulated interface drops an unknown field')
    const refused = await a.inject({ method: 'POST', url: '/_unimock/echo', payload: { n: 3, other: true } })
    t.equal(refused.statusCode, 400, 'the control API refuses it')
  })
}
