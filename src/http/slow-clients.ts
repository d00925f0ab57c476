import type { ServerOptions } from 'node:http'
import { formatDuration, parseDuration } from '../core/durations.js'

/** How long a client may take to send a request: its headers, and the whole request (--headers-timeout, --request-timeout). */
export interface SlowClientBounds {
  readonly headersMs: number
  readonly requestMs: number
}

/** The bounds of the settings, which parseConfig has checked are durations above 0. */
export function slowClientBounds (config: { readonly headersTimeout: string, readonly requestTimeout: string }): SlowClientBounds {
  return { headersMs: parseDuration(config.headersTimeout)!, requestMs: parseDuration(config.requestTimeout)! }
}

/**
 * The Fastify options that bound a slow client, by Node's own server timers (the socket handling is not the
 * simulated clock: a virtual clock must not keep a trickling socket open). Fastify sets `requestTimeout` 0 (no
 * bound) unless told, and with it Node's headers bound falls to 0 too: a client trickling its headers held its
 * socket for good, and a few hundred of them locked every other client out (#54). Node counts the headers bound
 * from the connection's opening (a socket that never sends a byte is bounded too) or from a request's first
 * byte, and the request bound up to its body's last byte; it checks both every `connectionsCheckingInterval`
 * (30 s by default), so the check runs at a quarter of the headers bound, at most every second: a slow client
 * is refused at most that much after its bound. A connection idle between requests is Fastify's keep-alive
 * timeout's (72 s); a response being written is bounded by neither. Fastify's `connectionTimeout` (a socket
 * idle that long is destroyed) does not fit: the dashboard's event stream and a call waiting on the virtual
 * clock are idle sockets that must stay.
 */
export function slowClientOptions (bounds: SlowClientBounds): { requestTimeout: number, http: ServerOptions } {
  const connectionsCheckingInterval = Math.max(1, Math.min(1000, Math.floor(bounds.headersMs / 4)))
  return {
    requestTimeout: bounds.requestMs,
    http: { headersTimeout: bounds.headersMs, requestTimeout: bounds.requestMs, connectionsCheckingInterval }
  }
}

/** The bounds in the words of a 408's message: "10s for the headers, 30s for the whole request". */
export const describeBounds = (bounds: SlowClientBounds): string =>
  `${formatDuration(bounds.headersMs)} for the headers (--headers-timeout), ${formatDuration(bounds.requestMs)} for the whole request (--request-timeout)`
