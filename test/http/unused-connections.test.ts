import { once } from 'node:events'
import { connect } from 'node:net'
import t from 'tap'
import { startUnimock } from '../../src/server.js'

// A browser opens connections before it needs them and may never use them. close() must not wait for Node's
// request timeout to drop them (the timeout's answer would reach the client first), nor cut a request short.

// Without the fix close() never returns: the timeout makes that a failure in seconds, not the group's 15 minutes.
t.test('close() ends a connection that never sent a request, and lets a request under way finish', { timeout: 30_000 }, async (t) => {
  const unimock = await startUnimock()
  const { port } = new URL(unimock.url)
  const unused = connect(Number(port), '127.0.0.1')
  await once(unused, 'connect')
  const received: Buffer[] = []
  unused.on('data', (chunk: Buffer) => { received.push(chunk) })
  const ended = once(unused, 'close')

  // A request under way: its headers are in, its body is not yet.
  const busy = connect(Number(port), '127.0.0.1')
  await once(busy, 'connect')
  const answer: Buffer[] = []
  busy.on('data', (chunk: Buffer) => { answer.push(chunk) })
  const body = JSON.stringify({ name: 'Fern' })
  busy.write(`POST /v3/plant HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`)
  // The server has read the headers once the request's socket shows up as busy: give it a round trip.
  await fetch(`${unimock.url}/_unimock/health`)

  const closing = unimock.close()
  await ended
  t.equal(Buffer.concat(received).length, 0, 'the unused connection was closed without an answer (no timeout reply)')
  busy.end(body)
  await once(busy, 'close')
  await closing
  t.match(Buffer.concat(answer).toString(), /^HTTP\/1\.1 200 OK\r\n[\s\S]*"name":"Fern"/, 'the request under way was answered')
})
