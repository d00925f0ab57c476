import t from 'tap'
import { connect } from 'node:net'
import { buildApp } from '../../src/app.js'
import { Client } from '../integration/helpers.js'

/**
 * Legal forms of the same request target route and fail exactly as the plain form (#19 defect 4): percent-
 * encoded unreserved characters (/%763/plant is /v3/plant) and the absolute form a forward proxy sends.
 */

t.test('percent-encoded paths answer as their plain form, in the right dialect, with a valid token accepted', async (t) => {
  const app = buildApp({ logLevel: 'silent' })
  t.teardown(() => app.close())
  await app.ready()
  const plain = await app.inject({ url: '/v3/plant/99999' })
  const encoded = await app.inject({ url: '/%763/plant/99999' })
  t.equal(encoded.statusCode, 404, 'not a 500')
  t.same(encoded.json(), plain.json(), 'the plant store\'s own error body')

  const c = new Client(app, 'key-targets')
  const linked = await c.link('hris', 'org-targets')
  const api = c.withAccount(linked.accountToken)
  const direct = await api.get('/api/hris/v1/account-details')
  const viaEscapes = await api.get('/%61pi/hris/v1/account-details')
  t.equal(viaEscapes.statusCode, 200, 'a valid token is accepted on the encoded path')
  t.same(viaEscapes.json(), direct.json())
  t.equal((await api.get('/api/hris/v1/employees%2Fx')).statusCode, 404, 'an encoded slash stays data, not a separator')
})

t.test('an absolute-form target answers as its path', async (t) => {
  const app = buildApp({ logLevel: 'silent' })
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET http://127.0.0.1:${port}/v3/plant/99999 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)
    })
    let out = ''
    socket.on('data', (d) => { out += String(d) })
    socket.on('end', () => { resolve(out) })
    socket.on('error', reject)
  })
  t.match(raw, /^HTTP\/1\.1 404 /, 'the plant store\'s 404, not a 500')
  t.match(raw.slice(raw.indexOf('\r\n\r\n') + 4), /"message":"Plant not found: no plant has id 99999\."/)
})
