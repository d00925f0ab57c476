import Fastify, { type FastifyInstance } from 'fastify'
import { loadUndici } from './core/undici.js'
import type { Dispatcher } from 'undici'
import { ConfigError, DB_FORM, parseConfig, type Config, type ConfigInput } from './config.js'
import { type Clock, SystemClock } from './core/clock.js'
import { VirtualClock, isVirtual } from './core/virtual-clock.js'
import { TenantClocks } from './core/tenant-clocks.js'
import { createIds } from './core/ids.js'
import { type Random, SeededRandom } from './core/random.js'
import { openDatabase, type Db } from './store/database.js'
import { SettingsRepository } from './store/settings-repository.js'
import { InterfaceRegistry } from './http/interfaces.js'
import { RouteTable } from './http/route-table.js'
import { PathAliases } from './http/path-aliases.js'
import { installHeadRouting, restoreMethod, routeAsGet } from './http/head-routing.js'
import { asSent, installErrorHandling, sendError, toAppError } from './http/error-handling.js'
import { installValidation } from './http/validation.js'
import { registerOpenApi } from './http/openapi/index.js'
import { serverControlRoutes } from './server-control/routes.js'
import { installDashboard } from './dashboard/routes.js'
import { ConformanceBoard } from './dashboard/conformance-board.js'
import { Scheduler } from './jobs/scheduler.js'
import { registerPlantStore } from './plant-store/index.js'
import { composeUnifiedService, type UnifiedService } from './integration/compose.js'
import { WEBHOOK_PAYLOADS } from './integration/background/webhooks/payload-schemas.js'
import { redactedRequest } from './integration/base/dialect/log-serializers.js'
import { normalizeTarget } from './http/request-target.js'
import { answerUnmetExpectations, clientErrorHandler } from './http/http-layer-errors.js'
import { treatEmptyBodyAsNone } from './http/empty-body.js'
import { installJsonBody } from './http/json-body.js'
import { closeUnusedConnections } from './http/unused-connections.js'
import { slowClientBounds, slowClientOptions } from './http/slow-clients.js'
import type { AppContext } from './context.js'
import { version } from './version.js'
import { named } from './http/plugin-name.js'

/** Replaceable owners of non-determinism; tests hand in a virtual clock or an already open database. */
export interface AppDeps {
  /** Replaces the clock the `clock` setting would make (by default `real`: the wall clock). */
  readonly clock?: Clock
  readonly random?: Random
  readonly db?: Db
  /** Where Fastify's logs go; stderr by default so stdout carries only the CLI's own lines. */
  readonly logStream?: NodeJS.WritableStream
  /** Outgoing HTTP (webhook deliveries); tests hand in a MockAgent or an Agent of their own. */
  readonly dispatcher?: Dispatcher
  /**
   * How a webhook target's host name is resolved before its deliveries (its addresses are judged: link-local
   * and cloud metadata ones are refused); the system's resolver by default. With a `dispatcher` handed in and
   * no `resolve`, names are not resolved: that dispatcher decides where a name goes (a MockAgent reaches no network).
   */
  readonly resolve?: (hostname: string) => Promise<readonly string[]>
}

export interface UnimockApp extends FastifyInstance {
  readonly unimock: AppContext
  /** The unified service's services and its domain events (integration/compose.ts). */
  readonly unified: UnifiedService
  /** The conformance kit's run, when the kit started this app (GET /_unimock/conformance). */
  readonly conformance: ConformanceBoard
}

/**
 * undici's global dispatcher, fetched on first use: loading undici is a tenth of the start-up time and
 * only webhook deliveries need it. Every property is read from (and every method bound to) the real one.
 */
function globalDispatcherOnUse (): Dispatcher {
  let real: Dispatcher | undefined
  const load = (): Dispatcher => real ??= loadUndici().getGlobalDispatcher()
  return new Proxy({} as Dispatcher, {
    get: (_target, key) => {
      const d = load()
      const value: unknown = Reflect.get(d, key, d)
      return typeof value === 'function' ? value.bind(d) : value
    },
    has: (_target, key) => Reflect.has(load(), key)
  })
}

/**
 * Every address of a host name, as the system's resolver (getaddrinfo: /etc/hosts, then DNS) gives them.
 * node:dns/promises is loaded on the first lookup, not at start: most servers never resolve a name.
 */
async function systemResolve (hostname: string): Promise<readonly string[]> {
  const { lookup } = process.getBuiltinModule('node:dns/promises') as typeof import('node:dns/promises')
  return (await lookup(hostname, { all: true })).map((a) => a.address)
}

/** The database the `db` setting names; one that cannot be opened is that setting's error, with its path. */
function openSettingDatabase (path: string): Db {
  try {
    return openDatabase(path)
  } catch (error) {
    throw new ConfigError(`invalid setting db: must be ${DB_FORM} (got ${JSON.stringify(path)}: ${(error as Error).message})`)
  }
}

/** The settings key of the virtual clock's instant (epoch ms). */
const VIRTUAL_NOW = 'virtual_clock_now'

function makeClock (config: Config): Clock {
  if (config.clock === 'virtual') return new VirtualClock(Date.parse(config.clockStart))
  return new SystemClock(config.timeScale)
}

/**
 * The composition root: creates the services, registers each interface under its prefix and sets the
 * shared error handling. It never listens; the CLI and startUnimock do, and tests use inject().
 *
 * The clock: `deps.clock` when given; otherwise the `clock` setting, whose default is `real` (the wall clock,
 * sped up by `timeScale`), as for the CLI. `startUnimock` defaults to `virtual` instead; a test that builds
 * an app itself passes `{ clock: 'virtual' }` (starting at `clockStart`, 2026-01-01T00:00:00.000Z by default,
 * and moving only through `POST /_unimock/clock/advance`) so that syncs and deliveries wait for it.
 *
 * @param input settings (see `ConfigSchema` in config.ts); unset ones take their defaults
 * @param deps a clock, random stream, database, log stream or HTTP dispatcher to use instead of those the
 *   settings would make
 */
export function buildApp (input: Config | ConfigInput = {}, deps: AppDeps = {}): UnimockApp {
  const config = Object.isFrozen(input) ? input as Config : parseConfig(input)
  const clock = deps.clock ?? makeClock(config)
  const clocks = new TenantClocks(clock)
  const random = deps.random ?? new SeededRandom(config.seed)
  const db = deps.db ?? openSettingDatabase(config.db)
  const interfaces = new InterfaceRegistry()
  const routes = new RouteTable()
  const aliases = new PathAliases()
  const resets: Array<() => void> = []
  const tenantResets: Array<(tenant: number) => void> = []
  let log: { warn(obj: object, msg: string): void, error(obj: object, msg: string): void } = { warn: () => {}, error: () => {} }
  const scheduler = new Scheduler(db, clocks.clock, { warn: (obj, msg) => { log.warn(obj, msg) }, error: (obj, msg) => { log.error(obj, msg) } })

  const context: AppContext = {
    config,
    version,
    clock: clocks.clock,
    clocks,
    random,
    ids: createIds(random),
    db,
    interfaces,
    scheduler,
    dispatcher: deps.dispatcher ?? globalDispatcherOnUse(),
    resolve: deps.resolve ?? (deps.dispatcher === undefined ? systemResolve : undefined),
    onReset: (fn) => { resets.push(fn) },
    onResetTenant: (fn) => { tenantResets.push(fn) },
    resetTenant: (tenant) => { resetTenant(tenant) }
  }

  const slowClients = slowClientBounds(config)
  const app = Fastify({
    bodyLimit: config.bodyLimit,
    // A client slower than --headers-timeout or --request-timeout is answered 408 and its socket closed.
    ...slowClientOptions(slowClients),
    clientErrorHandler: clientErrorHandler(interfaces, slowClients),
    // Silent means no logger at all: pino would still build a child logger for every request.
    logger: config.logLevel === 'silent' ? false : {
      level: config.logLevel,
      stream: deps.logStream ?? process.stderr,
      // Tokens and keys never reach the logs in clear.
      redact: { paths: ['req.headers.authorization', 'req.headers["x-account-token"]', 'req.headers.api_key'], censor: '[redacted]' },
      // Every route's request line, the journal's rule: tokens, keys and personal data in URLs redacted.
      serializers: { req: redactedRequest as unknown as (req: unknown) => Record<string, unknown> }
    },
    forceCloseConnections: 'idle',
    // No timer per plugin and per route (avvio arms one for each, ~200 at start, a few ms of every cold start):
    // the plugins are unimock's own and none waits on anything outside the process.
    pluginTimeout: 0,
    // HEAD routes as GET (see head-routing.ts) instead of a twin route per GET route.
    exposeHeadRoutes: false,
    // Tokens and ids travel in paths; the default of 100 characters would refuse long opaque ones.
    routerOptions: { maxParamLength: 500 },
    // Alias paths route as their canonical form (see PathAliases); request.originalUrl keeps what was sent.
    rewriteUrl: (request) => {
      routeAsGet(request)
      return aliases.rewrite(normalizeTarget(request.url ?? '/'))
    },
    // Errors Fastify raises before routing (a malformed percent-encoding, an over-long parameter) still
    // answer in the dialect of the interface the URL belongs to.
    frameworkErrors: (error, request, reply) => {
      restoreMethod(request.raw)
      sendError(reply, interfaces, toAppError(asSent(error, request), config.bodyLimit))
    }
  }) as unknown as UnimockApp
  Object.defineProperty(app, 'unimock', { value: context })
  log = app.log
  app.decorate('pathAliases', aliases)
  app.decorate('publicUrl', config.publicUrl?.replace(/\/$/, ''))

  installHeadRouting(app)
  installValidation(app)
  installJsonBody(app, { empty: 'error' })
  treatEmptyBodyAsNone(app)
  installErrorHandling(app, interfaces, routes, config.bodyLimit)
  answerUnmetExpectations(app.server, interfaces)
  closeUnusedConnections(app)
  app.addHook('onRoute', (route) => {
    // A parametric route answers 404 for what it does not serve: the table knows the operations it serves.
    if (route.config?.operations === undefined) routes.add(route.method, route.url)
    else for (const op of route.config.operations) routes.add(op.method, op.url)
  })
  // A virtual clock continues where it stopped when the database is a file: its instant is a settings row,
  // written after each advance and read back before the scheduler starts (what fell due meanwhile runs then).
  const settings = new SettingsRepository(db)
  // Each API key's own clock likewise, under its own key.
  if (isVirtual(clock)) {
    clock.onMoved((now) => { if (db.open) settings.set(VIRTUAL_NOW, String(now)) })
    clocks.onMoved((tenant, now) => { if (db.open) settings.set(`${VIRTUAL_NOW}:${tenant}`, String(now)) })
    app.addHook('onReady', async () => {
      const saved = Number(settings.get(VIRTUAL_NOW))
      if (saved > clock.now()) await clock.advanceTo(saved)
      for (const [key, value] of settings.withPrefix(`${VIRTUAL_NOW}:`)) {
        const own = clocks.virtualOf(Number(key.slice(VIRTUAL_NOW.length + 1)))
        if (own !== undefined && Number(value) > own.now()) await own.advanceTo(Number(value))
      }
    })
  }
  // Jobs left in a file database from an earlier run resume once every domain has registered its handlers.
  app.addHook('onReady', async () => { scheduler.start() })
  app.addHook('onClose', async () => {
    scheduler.stop()
    clock.clearAll()
    if (deps.db === undefined) db.close()
  })

  // The document's webhooks section lists every event the unified service POSTs, with its body's schema.
  registerOpenApi(app, { version, webhooks: WEBHOOK_PAYLOADS })

  const reset = (): void => {
    clocks.forget()
    if (isVirtual(clock)) {
      clock.rewind()
      settings.deletePrefix(VIRTUAL_NOW)
    } else {
      clock.clearAll()
    }
    random.reset()
    scheduler.clear()
    for (const fn of resets) fn()
  }
  // One key's world: its rows, its jobs, its own clock (it starts again from the server's time). The random
  // stream goes on: other keys draw from it meanwhile.
  const resetTenant = (tenant: number): void => {
    db.transaction(() => {
      scheduler.clearTenant(tenant)
      for (const fn of tenantResets) fn(tenant)
    })()
    clocks.forget(tenant)
    settings.delete(`${VIRTUAL_NOW}:${tenant}`)
  }
  void app.register(named('serverControlRoutes', serverControlRoutes), {
    prefix: '/_unimock',
    context,
    reset: (tenant) => { if (tenant === null) reset(); else resetTenant(tenant) },
    tenantOf: (authorization) => unified.tenants.authenticate(authorization).id
  })
  registerPlantStore(app, context)
  const unified = composeUnifiedService(app, context)
  Object.defineProperty(app, 'unified', { value: unified })
  // The dashboard sits above the unified service: it reads its domain events and acts through the control API.
  const conformance = new ConformanceBoard()
  Object.defineProperty(app, 'conformance', { value: conformance })
  installDashboard(app, unified, clocks, conformance)

  return app
}
