import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'

/**
 * HEAD is answered by the GET route of the same path. Fastify's own way (exposeHeadRoutes) registers a
 * twin HEAD route for each of the 320 GET routes, and those twins were a quarter of the start-up time.
 *
 * So the router sees a HEAD request as GET (`routeAsGet`, from the app's rewriteUrl), and the first
 * onRequest hook gives the request its method back: handlers, hooks, the journal, faults and error messages
 * all see HEAD, as they did with the twins; a last onSend hook drops the body and keeps the GET answer's
 * headers, Content-Length included, as the twins did.
 */

const arrivedAsHead = Symbol('unimock.arrivedAsHead')
type Marked = IncomingMessage & { [arrivedAsHead]?: true }

/** Called before routing: a HEAD request routes as GET. */
export function routeAsGet (req: IncomingMessage): void {
  if (req.method !== 'HEAD') return
  (req as Marked)[arrivedAsHead] = true
  req.method = 'GET'
}

/** Gives a request rerouted by routeAsGet its method back. */
export function restoreMethod (req: IncomingMessage): void {
  if ((req as Marked)[arrivedAsHead] === true) req.method = 'HEAD'
}

/** Must run before any other onRequest hook is added. */
export function installHeadRouting (app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    restoreMethod(request.raw)
    done()
  })
  // The body goes, its length stays, as Fastify's HEAD twins did. Node drops the body of a HEAD answer on
  // the wire anyway; inject() would not.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.method !== 'HEAD') { done(null, payload); return }
    if (payload === undefined || payload === null) {
      reply.header('content-length', '0')
    } else if (typeof (payload as { resume?: unknown }).resume === 'function') {
      (payload as NodeJS.ReadableStream).resume()
    } else {
      reply.header('content-length', String(Buffer.byteLength(payload as string | Buffer)))
    }
    done(null, null)
  })
}
