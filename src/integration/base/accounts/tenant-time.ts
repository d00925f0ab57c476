import type { FastifyInstance } from 'fastify'
import type { TenantClock } from '../../../core/tenant-clocks.js'
import { authFacts } from './request-auth.js'

/**
 * A request of an API key runs in that key's time (#19): from preHandler on, the route and whatever it awaits
 * read the key's own clock. Not earlier: the body is parsed on the socket's events, outside any context set
 * before it, and the auth hooks, which name the key, run as onRequest. Added before the other preHandler hooks,
 * so the account's activity and rate limit count in its time too.
 */
export function installTenantTime (app: FastifyInstance, clock: TenantClock): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const tenant = authFacts(request)?.tenant
    if (tenant === undefined) done()
    else clock.run(tenant.id, done)
  })
}
