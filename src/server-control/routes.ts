import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AppContext } from '../context.js'
import { appError } from '../core/errors.js'
import { iso } from '../core/iso.js'
import { declareSecurity } from '../http/openapi/security.js'
import { Problem } from '../http/problem.js'
import { advanceClock } from './clock-control.js'
import { ClockAdvanceBody, ClockAdvanced, ClockState, Health, ResetDone, SchedulerState } from './schemas.js'
import { touching } from '../http/route-facts.js'

export interface ServerControlOptions {
  readonly context: AppContext
  /** Restores the seeded state of one key's world, or of the whole server (null). */
  readonly reset: (tenant: number | null) => void
  /** The tenant of an `Authorization: Bearer <API key>` header (throws the unified service's 401/503). */
  readonly tenantOf: (authorization: string) => number
}

const worlds = new WeakMap<FastifyRequest, number>()

/** The API key's tenant a clock move or reset acted on; null for the keyless form (every key's world). */
export function controlWorld (request: FastifyRequest): number | null {
  return worlds.get(request) ?? null
}

/** The control API's own routes: health, the clock, reset. Other domains add theirs under the same prefix. */
export const serverControlRoutes: FastifyPluginAsync<ServerControlOptions> = async (app, { context, reset, tenantOf }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['control']
  const { clocks } = context
  // Reset and moving the clock act on the world of the key they send, and on every key's without one (#19).
  // With --api-key the server is shared: the keyless form is refused, so one CI job cannot wipe or move
  // everyone's. Without --api-key, the single-user form, it needs nothing.
  const shared = context.config.apiKeys.length > 0
  const keyOf = (keylessOnShared: 'refused' | 'allowed') => declareSecurity(async (request: FastifyRequest): Promise<void> => {
    const authorization = request.headers.authorization?.trim() ?? ''
    if (authorization !== '') worlds.set(request, tenantOf(authorization))
    else if (shared && keylessOnShared === 'refused') throw appError('AUTH_SERVER_WIDE')
  }, [{ apiKey: [] }, {}])
  const worldOf = keyOf('refused')
  const tenant = controlWorld

  r.get('/health', {
    schema: { tags, summary: 'Liveness and version', response: { 200: Health } }
  }, async () => ({ status: 'ok' as const, version: context.version }))

  r.get('/clock', {
    // Reading the server's time moves nothing: keyless is fine on a shared server too.
    onRequest: keyOf('allowed'),
    schema: { tags, summary: "The current time and clock mode: the key's own time with an API key, the server's without", response: { 200: ClockState, 401: Problem } }
  }, async (request) => ({ now: iso(clocks.of(tenant(request)).now()), mode: context.clock.mode }))

  r.post('/clock/advance', {
    config: touching('clock'),
    onRequest: worldOf,
    schema: {
      tags,
      summary: "Move the virtual clock forward, running everything that falls due, in time order: the key's own clock with an API key, every key's without",
      body: ClockAdvanceBody,
      response: { 200: ClockAdvanced, 400: Problem, 401: Problem, 409: Problem }
    }
  }, async (request) => {
    const id = tenant(request)
    const clock = id === null ? clocks.base : clocks.virtualOf(id) ?? clocks.base
    return { now: iso(await advanceClock(clock, request.body.by, request.body.to)) }
  })

  r.get('/scheduler', {
    schema: { tags, summary: 'Scheduled work: jobs pending and jobs run by kind (sync.start, sync.pass, webhooks...)', response: { 200: SchedulerState } }
  }, async () => ({ pending: context.scheduler.count(), ran: context.scheduler.ranByKind() }))

  r.post('/reset', {
    config: touching('clock'),
    onRequest: worldOf,
    // It takes no body, but a body sent as JSON is still parsed: a malformed one is a 400.
    schema: { tags, summary: "Restore the seeded state (seed data, tokens, virtual clock): the key's world with an API key, the whole server's (random stream included) without", response: { 200: ResetDone, 400: Problem, 401: Problem } }
  }, async (request) => {
    const id = tenant(request)
    reset(id)
    return { status: 'reset' as const, now: iso(clocks.of(id).now()) }
  })
}
