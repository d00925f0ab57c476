import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import { Type } from '@sinclair/typebox'
import { controlWorld } from '../server-control/routes.js'
import { Problem } from '../http/problem.js'
import type { UnifiedService } from '../integration/compose.js'
import { authFacts } from '../integration/base/accounts/request-auth.js'
import { dashboardAssets } from './assets.js'
import { LiveStream, type Notice } from './live-stream.js'
import { factsOf, type Topic } from '../http/route-facts.js'
import type { JournalRecorder } from '../integration/base/dialect/journal-recorder.js'
import { overviewRoute } from './overview-route.js'
import { keysRoute } from './keys-route.js'
import { conformanceRoute } from './conformance-route.js'
import type { ConformanceBoard } from './conformance-board.js'
import { dashboardPage } from './page.js'
import type { TenantClocks } from '../core/tenant-clocks.js'
import { named } from '../http/plugin-name.js'

interface DashboardOptions {
  readonly unified: UnifiedService
  readonly live: LiveStream
}

const tags = ['dashboard']
const text = (mediaType: string, description: string): { description: string, content: Record<string, { schema: ReturnType<typeof Type.String> }> } =>
  ({ description, content: { [mediaType]: { schema: Type.String() } } })

/**
 * What a request changed that the page shows: what its route declares a write through it touches (the
 * clock, presets, faults, relink: control writes without a domain event of their own yet), else the
 * requests view when the journal took the request.
 */
function topicsOf (request: FastifyRequest): readonly Topic[] {
  const touched = factsOf(request)?.touches
  if (touched !== undefined) return touched
  return (request.journal as JournalRecorder | null)?.surface === undefined ? [] : ['requests']
}

/**
 * The dashboard under /_unimock: the page (ui), its bundle, and the live stream of notices it listens to.
 * The page acts and reads only through the control API; the stream only tells it what to read again.
 * Besides the domain events, a root hook sees every answered request that may have changed something a
 * dashboard shows and has no domain event of its own yet: the streams of its tenant hear of it (of every
 * tenant for a keyless clock move or reset, which moves them all, and for a request no auth hook resolved).
 */
export function installDashboard (app: FastifyInstance, unified: UnifiedService, clocks: TenantClocks, board: ConformanceBoard): void {
  const live = new LiveStream(unified.events)
  // A callback, not an async function: it runs after every request, nearly always with no dashboard open.
  app.addHook('onResponse', (request, _reply, done) => {
    if (live.open > 0) {
      const tenant = authFacts(request)?.tenant?.id ?? 'all'
      // A clock move or reset with a key acts on that key's world alone; without one, on everyone's.
      for (const topic of topicsOf(request)) live.mark(topic === 'clock' ? controlWorld(request) ?? 'all' : tenant, topic)
    }
    done()
  })
  void app.register(named('dashboardRoutes', dashboardRoutes), { prefix: '/_unimock', unified, live })
  void app.register(named('overviewRoute', overviewRoute), { prefix: '/_unimock', unified, clocks })
  void app.register(named('keysRoute', keysRoute), { prefix: '/_unimock', unified })
  void app.register(named('conformanceRoute', conformanceRoute), { prefix: '/_unimock', unified, board })
}

const dashboardRoutes: FastifyPluginAsync<DashboardOptions> = async (app, { unified, live }) => {
  const closers = new Set<() => void>()
  app.addHook('preClose', async () => { for (const close of closers) close() })

  // The shell with the styles inline, built the first time someone opens the dashboard.
  let page: Promise<string> | undefined
  app.get('/ui', {
    schema: { tags, summary: 'The dashboard: linked accounts, sync timeline, webhooks, requests, the clock and failure modes', response: { 200: text('text/html', 'the dashboard page') } }
  }, async (_request, reply) => {
    page ??= dashboardAssets().then((assets) => dashboardPage(assets.css), (error: unknown) => { page = undefined; throw error })
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(await page)
  })

  app.get('/ui/dashboard.js', {
    schema: { tags, summary: 'The dashboard\'s script (bundled)', response: { 200: text('application/javascript', 'script') } }
  }, async (_request, reply) => reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send((await dashboardAssets()).js))

  app.get('/stream', {
    onRequest: unified.auth.tenant,
    schema: {
      tags,
      summary: 'Server-sent events for the API key: a `change` event names the topics (accounts, sync, webhooks, requests, clock) and accounts that changed',
      response: { 200: text('text/event-stream', 'one `change` event per batch of changes, JSON {topics, accounts}'), 401: Problem }
    }
  }, async (request, reply) => {
    // The stream follows its key (the auth hook has just resolved it), not the tenant id it has now.
    const key = unified.tenants.keyDigest(request.headers.authorization)
    // HEAD asks for the headers a GET gets: they come at once, and the connection is not held open for events.
    if (request.method === 'HEAD') return reply.type('text/event-stream; charset=utf-8').header('cache-control', 'no-store').send('')
    reply.hijack()
    const raw = reply.raw
    raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' })
    raw.write('retry: 1000\n\n')
    raw.write(`event: ready\ndata: {}\n\n`)
    const close = (): void => {
      remove()
      closers.delete(close)
      raw.end()
    }
    const remove = live.add({
      key,
      tenant: () => unified.tenants.tenantOfKey(key)?.id,
      send: (notice: Notice) => { raw.write(`event: change\ndata: ${JSON.stringify(notice)}\n\n`) },
      end: () => {
        // Said before the end, so a client can tell an eviction from a dropped connection.
        raw.write('event: evicted\ndata: {"reason":"this API key\'s world was evicted beyond --max-tenants"}\n\n')
        close()
      }
    })
    closers.add(close)
    request.raw.once('close', close)
  })
}
