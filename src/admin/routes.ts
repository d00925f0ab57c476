import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AppContext } from '../context.js'
import { appError } from '../core/errors.js'
import { iso } from '../core/iso.js'
import { digest, matchesAny } from '../core/secrets.js'
import { declareSecurity } from '../http/openapi/security.js'
import { Problem } from '../http/problem.js'
import { advanceClock } from './clock-control.js'
import { ClockAdvanceBody, ClockAdvanced, ClockState, Health, ResetDone, SchedulerState } from './schemas.js'

export interface AdminOptions {
  readonly context: AppContext
  readonly reset: () => void
}

/** The control API's own routes: health, the clock, reset. Other domains add theirs under the same prefix. */
export const adminRoutes: FastifyPluginAsync<AdminOptions> = async (app, { context, reset }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['control']
  // Reset and moving the clock act on every key's world. With --api-key the server is shared: they need one of
  // the configured keys, so a keyless call from another job cannot wipe or move everyone's (#19). Without
  // --api-key, the single-user form, they need nothing.
  const allowed = context.config.apiKeys.map(digest)
  const serverWide = declareSecurity(async (request: FastifyRequest): Promise<void> => {
    if (allowed.length === 0) return
    const key = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '')?.[1]
    if (key === undefined) throw appError('AUTH_SERVER_WIDE')
    if (!matchesAny(key, allowed)) throw appError('AUTH_KEY_UNKNOWN')
  }, [{ apiKey: [] }, {}])

  r.get('/health', {
    schema: { tags, summary: 'Liveness and version', response: { 200: Health } }
  }, async () => ({ status: 'ok' as const, version: context.version }))

  r.get('/clock', {
    schema: { tags, summary: 'The current time and clock mode', response: { 200: ClockState } }
  }, async () => ({ now: iso(context.clock.now()), mode: context.clock.mode }))

  r.post('/clock/advance', {
    onRequest: serverWide,
    schema: {
      tags,
      summary: 'Move the virtual clock forward, running everything that falls due, in time order',
      body: ClockAdvanceBody,
      response: { 200: ClockAdvanced, 400: Problem, 401: Problem, 409: Problem }
    }
  }, async (request) => ({ now: iso(await advanceClock(context.clock, request.body.by, request.body.to)) }))

  r.get('/scheduler', {
    schema: { tags, summary: 'Scheduled work: jobs pending and jobs run by kind (sync.start, sync.pass, webhooks...)', response: { 200: SchedulerState } }
  }, async () => ({ pending: context.scheduler.count(), ran: context.scheduler.ranByKind() }))

  r.post('/reset', {
    onRequest: serverWide,
    // It takes no body, but a body sent as JSON is still parsed: a malformed one is a 400.
    schema: { tags, summary: 'Restore the seeded state: seed data, tokens, random stream and virtual clock', response: { 200: ResetDone, 400: Problem, 401: Problem } }
  }, async () => {
    reset()
    return { status: 'reset' as const, now: iso(context.clock.now()) }
  })
}
