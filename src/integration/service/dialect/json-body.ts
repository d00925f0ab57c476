import type { FastifyInstance } from 'fastify'

/**
 * The real service accepts an empty body with Content-Type: application/json (delete-account, resync), as
 * Django REST framework does; Fastify's default parser rejects it. Installed in the unified service's own
 * plugin scope only. An empty body parses to undefined, which routes with a body schema still reject;
 * anything else goes to Fastify's own parser (with its prototype-poisoning protection).
 */
export function installLenientJson (app: FastifyInstance): void {
  const standard = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') { done(null, undefined); return }
    // The default parser answers through `done`; its type also allows a promise, which it never returns.
    void standard(request, body as string, done)
  })
}
