import type { FastifyInstance } from 'fastify'

/**
 * Headers every /v3 response carries, errors and OPTIONS included:
 * - the reference servers' CORS headers (swagger-inflector CORSFilter, petstore ApiOriginFilter), plus the login
 *   headers in Expose-Headers so that a browser client can read them;
 * - Content-Type exactly `application/json`, as the reference sends and the OpenAPI Generator client tests assert
 *   (Fastify would append `; charset=utf-8`, meaningless for JSON, which is UTF-8 by definition).
 * A root onSend hook rather than one in the /v3 scope, because 404, 405 and the OPTIONS answer come from the root
 * not-found handler; the prefix check keeps it off the other interfaces.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, PUT',
  'access-control-allow-headers': 'Content-Type, api_key, Authorization',
  'access-control-expose-headers': 'Content-Disposition, X-Rate-Limit, X-Expires-After'
}

export function installPlantHeaders (app: FastifyInstance, prefix: string): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url
    if (url.startsWith(prefix) && (url.length === prefix.length || url[prefix.length] === '/' || url[prefix.length] === '?')) {
      reply.headers(CORS_HEADERS)
      if (reply.getHeader('content-type') === 'application/json; charset=utf-8') reply.header('content-type', 'application/json')
    }
    done(null, payload)
  })
}
