import t from 'tap'
import { connect } from 'node:net'
import { buildApp } from '../../src/app.js'

/**
 * What Node's HTTP layer refuses before Fastify sees a request answers JSON with a message, in the dialect of
 * the URL's interface where there is one, and says when it closes the connection (#19 defect 8).
 */

t.test('unparsable requests, oversized headers and unmet expectations answer JSON that says what to fix', async (t) => {
  const app = buildApp({ logLevel: 'silent' })
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const send = async (raw: string): Promise<{ head: string, body: string }> => await new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => { socket.write(raw) })
    let out = ''
    socket.on('data', (d) => { out += String(d) })
    socket.on('end', () => { const at = out.indexOf('\r\n\r\n'); resolve({ head: out.slice(0, at), body: out.slice(at + 4) }) })
    socket.on('error', reject)
  })

  const expect = await send('GET /v3/plant/1 HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n')
  t.match(expect.head, /^HTTP\/1\.1 417 /)
  t.match(JSON.parse(expect.body), { code: 417, message: /only 100-continue/ }, 'in the plant store\'s dialect')
  const unified = await send('GET /api/hris/v1/employees HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n')
  t.match(JSON.parse(unified.body), { detail: /only 100-continue/ }, 'in the unified service\'s')

  const garbage = await send('THIS IS NOT HTTP\r\n\r\n')
  t.match(garbage.head, /^HTTP\/1\.1 400 /)
  t.match(garbage.head, /Connection: close/i, 'the connection closes, and says so')
  t.match(JSON.parse(garbage.body), { status: 400, detail: /could not be parsed as HTTP\/1\.1/ })

  const huge = await send(`GET /v3/plant/1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
  t.match(huge.head, /^HTTP\/1\.1 431 /)
  t.match(JSON.parse(huge.body), { status: 431, detail: /headers are larger/ })
})
