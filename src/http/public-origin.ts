import type { FastifyRequest } from 'fastify'

// A host name or an IP literal, with an optional port: anything else in a Host header is not written back.
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

declare module 'fastify' {
  interface FastifyInstance {
    /** --public-url: the origin absolute URLs in answers name; undefined: the one the client used. */
    readonly publicUrl: string | undefined
  }
}

/**
 * scheme://host[:port] that absolute unimock URLs in answers point at (webhook_listener_url, magic_link_url,
 * a download's request meta, the OpenAPI document's server, the widget script's own origin): --public-url
 * when set, whatever Host the request names; else the Host the client used, when it is a valid host; else
 * the address the request reached. A Host header is never written back unchecked.
 */
export function publicOrigin (request: FastifyRequest): string {
  const named = request.server.publicUrl ?? requestedOrigin(request)
  if (named !== null) return named
  const { localAddress, localPort } = request.socket
  const address = localAddress === undefined ? '127.0.0.1' : localAddress.includes(':') ? `[${localAddress}]` : localAddress
  return `${request.protocol}://${address}${localPort === undefined ? '' : `:${localPort}`}`
}

/** The origin the request named itself, or null when its Host is no valid host (no --public-url involved). */
export function requestedOrigin (request: FastifyRequest): string | null {
  return HOST.test(request.host) ? `${request.protocol}://${request.host}` : null
}
