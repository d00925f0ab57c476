import Fastify from 'fastify'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import t from 'tap'
import { routeConfigOf, routeContextOf } from '../../src/http/route-context.js'
import { continueUnrouted } from '../../src/http/unrouted.js'

/**
 * The request path reads two of Fastify's private keys (http/route-context.ts, http/unrouted.ts): the
 * request's route context, a symbol described 'fastify.context', and the 404 route's context on it, a
 * symbol described 'fastify.404ContextKey'. Fastify exports neither and may move them in any release, so
 * package.json pins fastify to a patch range, and this test names each key when a Fastify no longer has
 * it: on a bare Fastify, without unimock's own plugins in the way.
 */

const require = createRequire(import.meta.url)

t.test('package.json pins fastify to one minor release, the one the private keys were read from', async (t) => {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> }
  const range = manifest.dependencies.fastify!
  t.match(range, /^~5\.12\.\d+$/, 'a caret range would let a minor release move the keys under every request')
  const installed = (require('fastify/package.json') as { version: string }).version
  t.equal(installed.split('.').slice(0, 2).join('.'), range.slice(1).split('.').slice(0, 2).join('.'), `the installed fastify ${installed} is in ${range}`)
})

t.test("a request carries its route's context under the symbol described 'fastify.context'", async (t) => {
  const app = Fastify()
  t.teardown(() => app.close())
  const seen: string[] = []
  app.addHook('onRequest', async (request) => {
    const symbol = Object.getOwnPropertySymbols(request).find((s) => s.description === 'fastify.context')
    t.ok(symbol, "the request holds 'fastify.context' (http/route-context.ts reads the route's context there)")
    seen.push(routeConfigOf(request)?.url ?? '(no route)')
  })
  app.get('/things/:id', { config: { declared: 'mark' } }, async (request) => ({ declared: (routeContextOf(request).config as { declared?: string }).declared }))
  const routed = await app.inject('/things/1')
  t.same(routed.json(), { declared: 'mark' }, "the context's config is the route's own config")
  t.equal((await app.inject('/nothing')).statusCode, 404)
  t.same(seen, ['/things/:id', '(no route)'], "the 404 route's config has no url, as request.is404 decides")
})

t.test("a route's context holds its 404 route's context under the symbol described 'fastify.404ContextKey'", async (t) => {
  const app = Fastify()
  t.teardown(() => app.close())
  app.setNotFoundHandler(async (request, reply) => reply.code(404).send({ unrouted: request.url, is404: request.is404 }))
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => { done(null, { parsedBy: 'root', body }) })
  app.post('/things/:kind', {
    onRequest: (request, _reply, done) => {
      const context = routeContextOf(request)
      t.ok(Object.getOwnPropertySymbols(context).some((s) => s.description === 'fastify.404ContextKey'),
        "the route context holds 'fastify.404ContextKey' (http/unrouted.ts continues as the 404 route with it)")
      if ((request.params as { kind: string }).kind === 'unknown') continueUnrouted(request)
      done()
    }
  }, async () => ({ served: true }))
  t.same((await app.inject({ method: 'POST', url: '/things/known', payload: '{}', headers: { 'content-type': 'application/json' } })).json(), { served: true })
  const unrouted = await app.inject({ method: 'POST', url: '/things/unknown', payload: '{}', headers: { 'content-type': 'application/json' } })
  t.equal(unrouted.statusCode, 404)
  t.same(unrouted.json(), { unrouted: '/things/unknown', is404: true }, 'the request continued as the 404 route: its handler answered')
})
