import type { FastifyRequest } from 'fastify'
import { requestedOrigin } from '../../../http/public-origin.js'

/**
 * The origin the browser reaches unimock at (`http://127.0.0.1:4010`): --public-url when set, else the
 * request's Host header, or null when the request named no usable host. Behind a proxy that rewrites Host
 * this is the proxy's target, which is why initialize.js prefers its own URL when that URL names the
 * widget's path.
 */
export function servedOrigin (request: FastifyRequest): string | null {
  return request.server.publicUrl ?? requestedOrigin(request)
}
