import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { type AppError, appError } from '../core/errors.js'
import type { InterfaceRegistry } from './interfaces.js'
import { describeBounds, type SlowClientBounds } from './slow-clients.js'

/**
 * Errors Node's HTTP layer answers before Fastify sees a request: a request it cannot parse (400), headers
 * too large (431), a request slower than its bounds (408, see slow-clients.ts) and an Expect other than
 * 100-continue (417). Node would answer them with an empty body or Fastify's default shape; here they answer in
 * the dialect of the interface the URL belongs to (the control dialect when no URL could be read), with a
 * message, and Connection: close. A slow client's socket is destroyed once the answer is written: it would
 * otherwise stay half open as long as the client likes (Node's server allows half-open sockets), which is what
 * the bound is there to prevent.
 */
export function clientErrorHandler (interfaces: InterfaceRegistry, bounds: SlowClientBounds): (error: ParserError, socket: Socket) => void {
  return (error, socket) => {
    if (!socket.writable || answering(socket)) { socket.destroy(); return }
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    const e = timedOut
      ? appError('REQUEST_TIMEOUT', { bounds: describeBounds(bounds) })
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? appError('HEADERS_TOO_LARGE')
        : appError('HTTP_BAD_REQUEST', { reason: error.code ?? error.message })
    const wire = interfaces.forUrl(targetOf(error, socket)).render(e)
    const body = Buffer.from(text(wire.body))
    const answer = Buffer.concat([Buffer.from(`HTTP/1.1 ${e.status} ${e.title}\r\nContent-Type: ${wire.contentType}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`), body])
    if (timedOut) socket.end(answer, () => { socket.destroy() })
    else socket.end(answer)
  }
}

type ParserError = Error & { code?: string, rawPacket?: unknown, bytesParsed?: number }
type ParsedSocket = Socket & { parser?: { incoming?: IncomingMessage | null } | null, _httpMessage?: { headersSent?: boolean } | null }

/** A response already under way on the socket: another one written over it would garble both. */
const answering = (socket: ParsedSocket): boolean => socket._httpMessage?.headersSent === true

/**
 * A request line as far as its target: the method, the target and the space after it. The version is left out:
 * a request refused for its version (`HTTP/9.9`) or for what follows the target was read only up to there.
 */
const REQUEST_LINE = /(?:^|\n)[A-Z]+ (\S+) /g

/**
 * The target of the request the parser refused, for its dialect: the request being read when its body is
 * malformed (bad chunked encoding) or slow; else the last request line in the bytes read up to the error
 * (headers too large, a malformed header line or version), which holds when the request line arrived in the
 * same read as the error, as it does for one write of a request; else "/" (the control dialect), as for a
 * request whose headers were too slow to arrive (Node keeps no bytes of them).
 */
function targetOf (error: ParserError, socket: ParsedSocket): string {
  const incoming = socket.parser?.incoming
  if (incoming !== undefined && incoming !== null && !incoming.complete && typeof incoming.url === 'string') return incoming.url
  if (!Buffer.isBuffer(error.rawPacket)) return '/'
  const read = error.rawPacket.subarray(0, error.bytesParsed ?? error.rawPacket.length).toString('latin1')
  let target = '/'
  for (const line of read.matchAll(REQUEST_LINE)) target = line[1]!
  return target
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
