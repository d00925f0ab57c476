import type { FastifyInstance } from 'fastify'
import { appError } from '../core/errors.js'

/**
 * A request without Content-Type whose body is empty has no body, however it was framed. Fastify skips
 * parsing only when there is no Transfer-Encoding, so an empty chunked POST or DELETE (what some HTTP clients
 * send for a body-less call) met "415 Unsupported Media Type" where the same call with Content-Length: 0 is
 * served. This catch-all parser reads such a body: empty, it is no body; otherwise, and for any Content-Type
 * no scope parses, the 415 Fastify would answer. Scopes with their own catch-all (the webhook listener) keep it.
 */
export function treatEmptyBodyAsNone (app: FastifyInstance): void {
  app.addContentTypeParser('*', (request, payload, done) => {
    const unsupported = (): Error => appError('UNSUPPORTED_MEDIA_TYPE', { contentType: 'of this request' })
    // Unrouted: the 404 or 405 comes first, whatever the body.
    if (request.is404 === true) { payload.resume(); done(null, undefined); return }
    if (request.headers['content-type'] !== undefined) { payload.resume(); done(unsupported(), undefined); return }
    let answered = false
    payload.on('data', (chunk: Buffer) => {
      if (chunk.length > 0 && !answered) { answered = true; done(unsupported(), undefined) }
    })
    payload.on('end', () => { if (!answered) { answered = true; done(null, undefined) } })
    payload.on('error', (error: Error) => { if (!answered) { answered = true; done(error, undefined) } })
  })
}
