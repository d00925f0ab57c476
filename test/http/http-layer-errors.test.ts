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

  const huge = await send(`GET /_unimock/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
  t.match(huge.head, /^HTTP\/1\.1 431 /)
  t.match(JSON.parse(huge.body), { status: 431, detail: /headers are larger/ })

  // #36 defect 10: what the parser refuses answers in the dialect of the URL it could read.
  const plantHuge = await send(`GET /v3/plant/1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
  t.match(plantHuge.head, /^HTTP\/1\.1 431 /)
  t.match(plantHuge.head, /content-type: application\/json/i)
  t.same(Object.keys(JSON.parse(plantHuge.body)), ['code', 'type', 'message'], 'headers too large under /v3: the plant store\'s dialect')
  t.match(JSON.parse(plantHuge.body), { code: 431, type: 'error', message: /headers are larger/ })
  const unifiedHuge = await send(`GET /api/hris/v1/employees HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
  t.same(Object.keys(JSON.parse(unifiedHuge.body)), ['detail'], 'under /api: the unified service\'s')
  const badChunk = await send('POST /v3/plant HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n')
  t.match(badChunk.head, /^HTTP\/1\.1 400 /)
  t.match(JSON.parse(badChunk.body), { code: 400, type: 'error', message: /could not be parsed as HTTP\/1\.1/ }, 'bad chunked encoding under /v3')
  const badHeader = await send('GET /v3/plant/findByStatus?status=sold HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n')
  t.match(badHeader.head, /^HTTP\/1\.1 400 /)
  t.match(JSON.parse(badHeader.body), { code: 400, type: 'error', message: /could not be parsed/ }, 'a malformed header line under /v3')
  // #54 item 5: a request line refused for its version is read as far as its target.
  const badVersion = await send('GET /v3/plant/1 HTTP/9.9\r\nHost: x\r\n\r\n')
  t.match(badVersion.head, /^HTTP\/1\.1 400 /)
  t.same(Object.keys(JSON.parse(badVersion.body)), ['code', 'type', 'message'], 'HTTP/9.9 under /v3: the plant store\'s dialect')
  const unifiedVersion = await send('GET /api/crm/v1/tasks/1 HTTP/9.9\r\nHost: x\r\n\r\n')
  t.same(Object.keys(JSON.parse(unifiedVersion.body)), ['detail'], 'under /api: the unified service\'s')
  t.match(JSON.parse(unifiedVersion.body), { detail: /could not be parsed as HTTP\/1\.1 \(HPE_INVALID_VERSION\)/ })
  const badProtocol = await send('GET /v3/plant/1 FOO/1.1\r\nHost: x\r\n\r\n')
  t.match(JSON.parse(badProtocol.body), { code: 400, type: 'error' }, 'a protocol that is not HTTP, under /v3: the plant store\'s')
  const afterAnother = await send('GET /v3/plant/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /api/hris/v1/employees HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n')
  t.match(afterAnother.body, /\{"detail":"The request could not be parsed/, 'a pipelined request refused answers in its own URL\'s dialect')
})
