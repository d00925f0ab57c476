import type { FastifyContextConfig, FastifyRequest } from 'fastify'

/**
 * The matched route's context, which Fastify keeps on the request under a symbol it does not export (found by
 * its description, once). `request.routeOptions` is built anew on every read, with a router query for the
 * version constraint: about a microsecond of every request for the hooks that read a route's declaration.
 * package.json pins fastify to a patch range for it, and test/http/fastify-internals.test.ts names the key
 * when a Fastify no longer has it.
 */
export function routeContextOf (request: FastifyRequest): Record<symbol | string, unknown> {
  const held = request as unknown as Record<symbol, Record<symbol | string, unknown>>
  contextSymbol ??= symbolOf(held, 'fastify.context')
  return held[contextSymbol]!
}

/** The matched route's config (its declaration, `url` and `method`); undefined when no route matched. */
export function routeConfigOf (request: FastifyRequest): (FastifyContextConfig & { readonly url?: string }) | undefined {
  const config = routeContextOf(request).config as (FastifyContextConfig & { readonly url?: string }) | undefined
  // As request.is404 decides: the 404 route's config has no url.
  return config?.url === undefined ? undefined : config
}

/** Makes the request continue as another route's (unrouted.ts: the 404 route's). */
export function setRouteContext (request: FastifyRequest, context: Record<symbol | string, unknown>): void {
  routeContextOf(request)
  ;(request as unknown as Record<symbol, unknown>)[contextSymbol!] = context
}

let contextSymbol: symbol | undefined

export function symbolOf (object: object, description: string): symbol {
  const found = Object.getOwnPropertySymbols(object).find((s) => s.description === description)
  // A Fastify that renamed its internals fails every request loudly, in the tests first.
  if (found === undefined) throw new Error(`Fastify's ${description} symbol is not found`)
  return found
}
