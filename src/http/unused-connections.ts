import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * Closing the app also closes the connections a client opened and never sent a request on.
 *
 * Browsers open connections ahead of need (preconnect) and may leave them unused. Node's
 * closeIdleConnections(), which Fastify's `forceCloseConnections: 'idle'` calls, closes only connections
 * between two requests, so close() waited for Node's request timeout to drop such a socket: about 40 s after
 * a browser had opened the link widget, as long as the browser stayed open. A connection that has begun a
 * request is left to finish it. (No checkContinue listener: one would take over Node's 100 Continue answer;
 * such a request arrives as a request.)
 */
export function closeUnusedConnections (app: FastifyInstance): void {
  const server: Server = app.server
  const unused = new Set<Socket>()
  const used = (request: { socket: Socket }): void => { unused.delete(request.socket) }
  server.on('connection', (socket: Socket) => {
    unused.add(socket)
    socket.once('close', () => unused.delete(socket))
  })
  server.on('request', used)
  server.on('checkExpectation', used)
  app.addHook('preClose', async () => {
    for (const socket of unused) socket.destroy()
  })
}
