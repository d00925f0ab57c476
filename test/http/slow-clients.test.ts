import t, { type Test } from 'tap'
import { connect, type Socket } from 'node:net'
import { buildApp } from '../../src/app.js'
import { parseCli } from '../../src/server.js'

/**
 * A client that trickles its request cannot hold its socket for long (#54 item 1): past --headers-timeout (its
 * headers) or --request-timeout (the whole request) it is answered 408 and its socket closed, while every other
 * client is served. The bounds are set low here (1 s, 2 s) so that the test waits little; every wait is for an
 * event, with a hard cap.
 */

const HEADERS_MS = 1000
const REQUEST_MS = 2000
/** Node checks the bounds every quarter of the headers bound (slow-clients.ts); the rest is a loaded machine's slack. */
const CAP_MS = 6000

t.test('the bounds are flags and variables, checked like any setting', async (t) => {
  const flags = parseCli(['--headers-timeout', '1s', '--request-timeout', '2s'], {})
  t.match(flags, { kind: 'run', config: { headersTimeout: '1s', requestTimeout: '2s' } })
  t.match(parseCli([], { UNIMOCK_HEADERS_TIMEOUT: '500ms' }), { kind: 'run', config: { headersTimeout: '500ms', requestTimeout: '30s' } })
  t.match(parseCli([], {}), { kind: 'run', config: { headersTimeout: '10s', requestTimeout: '30s' } }, 'bounded by default')
  t.throws(() => parseCli(['--headers-timeout', '0'], {}), /invalid value for --headers-timeout: must be a duration above 0/)
  t.throws(() => parseCli(['--request-timeout', '5'], {}), /invalid value for --request-timeout: "5" is not a duration/)
  t.throws(() => parseCli(['--headers-timeout', '1m'], {}), /invalid value for --headers-timeout: "1m" is longer than --request-timeout \(30s\)/)
})

interface Watched { readonly socket: Socket, readonly opened: number, received: string, readonly closed: Promise<number> }

/** A socket to the server whose close (the time it took) is awaited, with everything it received. */
function open (port: number): Watched {
  const socket = connect(port, '127.0.0.1')
  const opened = performance.now()
  const watched: Watched = {
    socket,
    opened,
    received: '',
    closed: new Promise((resolve) => { socket.on('close', () => { resolve(performance.now() - opened) }) })
  }
  socket.on('data', (d) => { watched.received += String(d) })
  socket.on('error', () => {})
  return watched
}

/** Writes `text` one byte every `everyMs` until it is written or the socket closes. */
function trickle (watched: Watched, text: string, everyMs: number): void {
  let at = 0
  const timer = setInterval(() => {
    if (watched.socket.destroyed || at >= text.length) { clearInterval(timer); return }
    watched.socket.write(text[at++]!)
  }, everyMs)
  watched.socket.once('close', () => { clearInterval(timer) })
}

/** The socket's close, or a failure once CAP_MS has passed: the test never waits longer. */
async function closedWithin (t: Test, watched: Watched, what: string): Promise<number> {
  let timer: NodeJS.Timeout | undefined
  const cap = new Promise<number>((resolve) => { timer = setTimeout(() => { resolve(-1) }, CAP_MS) })
  const took = await Promise.race([watched.closed, cap])
  clearTimeout(timer)
  if (took < 0) {
    t.fail(`${what}: still open after ${CAP_MS} ms`)
    watched.socket.destroy()
  }
  return took
}

const bodyOf = (received: string): unknown => JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))

t.test('a client trickling its headers or body is answered 408 and its socket closed within the bound; the others are served', async (t) => {
  const cmd = parseCli(['--headers-timeout', '1s', '--request-timeout', '2s', '--log-level', 'silent'], {})
  if (cmd.kind !== 'run') throw new Error('expected a run command')
  const app = buildApp(cmd.config)
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }

  // An honest keep-alive connection, idle between two requests for longer than the headers bound.
  const honest = open(port)
  honest.socket.write('GET /_unimock/health HTTP/1.1\r\nHost: x\r\n\r\n')

  const headers = open(port)
  trickle(headers, 'GET /v3/plant/1 HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(1000), 100)
  const body = open(port)
  body.socket.write('POST /v3/plant HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n')
  trickle(body, '{"name":"' + 'a'.repeat(990), 100)
  const silent = open(port)

  // Served while the slow ones hold their sockets.
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/v3/plant/1`)
    t.equal(res.status, 200, `another client is served (${i + 1})`)
  }

  const headersTook = await closedWithin(t, headers, 'trickled headers')
  t.ok(headersTook >= HEADERS_MS - 50, `not before the headers bound (${Math.round(headersTook)} ms)`)
  t.match(headers.received, /^HTTP\/1\.1 408 Request Timeout\r\n/, 'answered 408')
  t.match(headers.received, /\r\nConnection: close\r\n/i)
  t.match(bodyOf(headers.received), { status: 408, detail: /did not arrive in time: a client has 1s for the headers \(--headers-timeout\), 2s for the whole request/ },
    'no URL was read whole: problem details, naming the bounds')

  const silentTook = await closedWithin(t, silent, 'a socket that sends nothing')
  t.ok(silentTook >= HEADERS_MS - 50 && silentTook < CAP_MS, `a socket that sends nothing is closed after the headers bound too (${Math.round(silentTook)} ms)`)

  const bodyTook = await closedWithin(t, body, 'trickled body')
  t.ok(bodyTook >= REQUEST_MS - 50, `not before the request bound (${Math.round(bodyTook)} ms)`)
  t.match(body.received, /^HTTP\/1\.1 408 /)
  t.same(Object.keys(bodyOf(body.received) as object), ['code', 'type', 'message'], 'the request under /v3 was being read: the plant store\'s dialect')

  // The honest connection was idle between requests, which is the keep-alive timeout's, not these bounds'.
  t.match(honest.received, /^HTTP\/1\.1 200 /)
  t.notOk(honest.socket.destroyed, 'an idle keep-alive connection stays open past the headers bound')
  const second = new Promise<void>((resolve) => { honest.socket.on('data', () => { if (honest.received.split('HTTP/1.1 200').length > 2) resolve() }) })
  honest.socket.write('GET /_unimock/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
  await second
  t.pass('and serves its next request')
  await closedWithin(t, honest, 'the honest connection')
})
