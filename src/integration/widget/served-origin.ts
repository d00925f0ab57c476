import type { FastifyRequest } from 'fastify'

// A host name or an IP literal, with an optional port: anything else is not written into a script.
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The origin the browser reached unimock at (`http://127.0.0.1:4010`), from the request's Host header, or null
 * when the request named no usable host. Behind a proxy that rewrites Host this is the proxy's target, which
 * is why initialize.js prefers its own URL when that URL names the widget's path.
 */
export function servedOrigin (request: FastifyRequest): string | null {
  const host = request.host
  return HOST.test(host) ? `${request.protocol}://${host}` : null
}
