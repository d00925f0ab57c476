import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { type AppError, appError } from '../core/errors.js'
import type { InterfaceRegistry } from './interfaces.js'

/**
 * Errors Node's HTTP layer answers before Fastify sees a request: a request it cannot parse (400), headers
 * too large (431) and an Expect other than 100-continue (417). Node would answer them with an empty body or
 * Fastify's default shape; here they answer in the dialect of the interface the URL belongs to (the control
 * dialect when no URL could be read), with a message, and Connection: close when the socket closes.
 */
export function clientErrorHandler (interfaces: InterfaceRegistry): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    if (!socket.writable) { socket.destroy(); return }
    const e = error.code === 'HPE_HEADER_OVERFLOW'
      ? appError('HEADERS_TOO_LARGE')
      : appError('HTTP_BAD_REQUEST', { reason: error.code ?? error.message })
    const wire = interfaces.forUrl('/').render(e)
    const body = Buffer.from(text(wire.body))
    socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${e.status} ${e.title}\r\nContent-Type: ${wire.contentType}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`), body]))
  }
}

/** 417 for an Expect header other than 100-continue, in the URL's dialect (Node's own answer has no body). */
export function answerUnmetExpectations (server: Server, interfaces: InterfaceRegistry): void {
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const e: AppError = appError('EXPECTATION_FAILED', { value: String(request.headers.expect ?? '') })
    const wire = interfaces.forUrl(request.url ?? '/').render(e)
    const body = text(wire.body)
    response.writeHead(e.status, { 'content-type': wire.contentType, 'content-length': Buffer.byteLength(body), connection: 'close' })
    response.end(body)
  })
}

const text = (body: unknown): string => (typeof body === 'string' ? body : JSON.stringify(body))
