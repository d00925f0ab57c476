import t from 'tap'
import { connect } from 'node:net'
import { makeApp } from '../helpers/app.js'

/**
 * An empty body sent with Transfer-Encoding: chunked is no body: it gets what the same request with
 * Content-Length: 0 gets. Without a Content-Type it answered an undeclared 415 (#36 defect 9). Over real HTTP,
 * as clients frame it.
 */

t.test('an empty chunked POST or DELETE is answered like one with Content-Length: 0', async (t) => {
  const { app } = await makeApp(t, { rateLimit: 'off' } as never)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const send = async (method: string, path: string, framing: string, headers = ''): Promise<{ status: number, body: string }> => await new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer chunk_key\r\n${headers}${framing}Connection: close\r\n\r\n${framing.startsWith('Transfer') ? '0\r\n\r\n' : ''}`)
    })
    let out = ''
    socket.on('data', (d) => { out += String(d) })
    socket.on('end', () => { resolve({ status: Number(out.slice(9, 12)), body: out.slice(out.indexOf('\r\n\r\n') + 4) }) })
    socket.on('error', reject)
  })
  const chunked = 'Transfer-Encoding: chunked\r\n'
  const empty = 'Content-Length: 0\r\n'

  const create = async (origin: string): Promise<{ id: string, token: string }> => {
    const res = await app.inject({ method: 'POST', url: '/_unimock/linked-accounts', headers: { authorization: 'Bearer chunk_key' }, payload: { category: 'hris', end_user_origin_id: origin } })
    return { id: res.json().id, token: res.json().account_token }
  }
  const a = await create('org-a')
  const b = await create('org-b')
  const pauseChunked = await send('POST', `/_unimock/linked-accounts/${a.id}/pause`, chunked)
  const pauseEmpty = await send('POST', `/_unimock/linked-accounts/${b.id}/pause`, empty)
  t.equal(pauseEmpty.status, 200)
  t.equal(pauseChunked.status, 200, `the control API: ${pauseChunked.body.slice(0, 160)}`)

  for (const [method, path, extra] of [
    ['POST', '/api/hris/v1/link-token', ''],
    ['DELETE', '/api/hris/v1/field-mappings/none', `X-Account-Token: ${a.token}\r\n`],
    ['DELETE', '/_unimock/webhooks/targets/none', ''],
    ['POST', '/v3/plant', ''],
    ['DELETE', '/v3/plant/1', 'api_key: x\r\n'],
    ['POST', '/_unimock/clock/advance', '']
  ] as const) {
    for (const type of ['', 'Content-Type: application/json\r\n']) {
      const one = await send(method, path, empty, extra + type)
      const other = await send(method, path, chunked, extra + type)
      t.equal(other.status, one.status, `${method} ${path} ${type.trim() || 'without Content-Type'}: ${one.status} either way (${other.body.slice(0, 120)})`)
      t.not(other.status, 415)
    }
  }

  const sent = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`POST /_unimock/clock/advance HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n`)
    })
    let out = ''
    socket.on('data', (d) => { out += String(d) })
    socket.on('end', () => { resolve(out) })
    socket.on('error', reject)
  })
  t.match(sent, /^HTTP\/1\.1 415 /, 'a chunked body that is not empty, without a Content-Type, is still refused')
})
