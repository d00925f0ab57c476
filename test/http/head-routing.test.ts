import t from 'tap'
import { request } from 'undici'
import { faultSetup } from '../integration/faults/helpers.js'

/** Status and headers without the ones that vary between two answers. */
const shape = (status: number, headers: Record<string, unknown>): unknown => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers
  return { status, headers: rest }
}

t.test('HEAD answers as GET: same status and headers, Content-Length of the GET body, no body', async (t) => {
  const f = await faultSetup(t)
  const base = await f.listen()
  const paths = [
    ['/v3/plant/1', {}],
    ['/v3/plant/999', {}],
    ['/v3/plant/abc', {}],
    ['/v3/plant/findByStatus?status=sold', {}],
    ['/_unimock/health', {}],
    ['/link/widget.js', {}],
    ['/api/hris/v1/employees?page_size=3', f.account.headers()],
    ['/hris/v1/employees/00000000-0000-4000-8000-000000000000', f.account.headers()],
    ['/api/hris/v1/employees', {}]
  ] as const
  for (const [path, headers] of paths) {
    const get = await f.app.inject({ method: 'GET', url: path, headers })
    t.ok(get.body.length > 0, `GET ${path} has a body`)
    const head = await f.app.inject({ method: 'HEAD', url: path, headers })
    t.same(shape(head.statusCode, head.headers), shape(get.statusCode, get.headers), `HEAD ${path} through inject()`)
    t.equal(head.headers['content-length'], String(Buffer.byteLength(get.body)), `HEAD ${path}: the GET body's length`)
    t.equal(head.body, '', `HEAD ${path}: no body`)

    const wire = await request(base + path, { method: 'HEAD', headers })
    t.equal(wire.statusCode, get.statusCode, `HEAD ${path} on the wire`)
    t.equal(wire.headers['content-length'], String(Buffer.byteLength(get.body)))
    t.equal(await wire.body.text(), '')
  }
})

t.test('handlers, faults, errors and the journal see HEAD, not the GET route it used', async (t) => {
  const f = await faultSetup(t)
  await f.addFault({ kind: 'status', status: 503, scope: { method: 'HEAD' } })
  const head = await f.app.inject({ method: 'HEAD', url: '/api/hris/v1/employees', headers: f.account.headers() })
  t.equal(head.statusCode, 503, 'a fault scoped to HEAD applies to HEAD')
  t.equal((await f.account.get('/api/hris/v1/employees')).statusCode, 200, 'and not to GET')

  const journal = (await f.api.get('/_unimock/requests?order=oldest')).json().entries as Array<{ method: string, path: string, status: number }>
  t.match(journal.find((e) => e.status === 503), { method: 'HEAD', path: '/api/hris/v1/employees' })

  const wrong = await f.app.inject({ method: 'HEAD', url: '/_unimock/clock/advance' })
  t.equal(wrong.statusCode, 405)
  t.equal(wrong.headers.allow, 'POST, OPTIONS')
  const missing = await f.app.inject({ method: 'HEAD', url: '/v3/no-such-thing' })
  t.equal(missing.statusCode, 404)
  t.equal(missing.body, '')

  const options = await f.app.inject({ method: 'OPTIONS', url: '/api/hris/v1/benefits' })
  t.equal(options.headers.allow, 'GET, HEAD, OPTIONS', 'a GET route still lists HEAD')
  const writable = await f.app.inject({ method: 'OPTIONS', url: '/api/hris/v1/employees' })
  t.equal(writable.headers.allow, 'GET, HEAD, POST, OPTIONS', 'and a writable model lists its POST beside them')
})
