import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify'
import { securityOfWrapped } from './openapi/security.js'
import { routeContextOf, setRouteContext, symbolOf } from './route-context.js'

/**
 * A parametric route with a body that does not serve a request's path (an unknown category) must answer as
 * no route would, and a path nothing serves is answered by the root's 404 route after the root's parsers
 * have read its body: an empty or malformed JSON body is a 400 there, another media type is ignored. The
 * route's scope parses otherwise (the unified service accepts an empty JSON body), and reply.callNotFound()
 * skips parsing altogether. So from its first hook such a request continues as the 404 route: its context
 * (parsers, body limit, later hooks, handler) becomes that route's, which is what reply.callNotFound() does
 * one step later. Fastify exports neither symbol; both are found by their descriptions, once.
 */
export function continueUnrouted (request: FastifyRequest): void {
  const context = routeContextOf(request)
  notFoundContext ??= symbolOf(context, 'fastify.404ContextKey')
  const notFound = context[notFoundContext] as Record<symbol, unknown> | null | undefined
  if (notFound === null || notFound === undefined) throw new Error('continueUnrouted: the route has no 404 route to continue as')
  setRouteContext(request, notFound)
}

let notFoundContext: symbol | undefined

/** The route's own hooks (authentication) do not run for a request that continues as the 404 route. */
export function skippedWhenUnrouted (hook: onRequestHookHandler): onRequestHookHandler {
  // The document states the route's security from its hooks' declarations: the wrapper keeps the hook's.
  return securityOfWrapped(function (this: FastifyInstance, request, reply, done) {
    if (request.is404) { done(); return }
    // An async hook's promise goes back to Fastify, which waits for it as for the hook itself.
    return hook.call(this, request, reply, done)
  } as onRequestHookHandler, hook)
}
