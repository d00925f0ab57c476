import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { isPlantError, send } from './helpers.js'

const login = async (app: Parameters<typeof send>[0], username = 'user1'): Promise<string> =>
  (await send(app, 'GET', `/v3/user/auth/login?username=${username}&password=secret`)).body.token as string

t.test('default --plant-auth none: add and update need no token, and arbitrary auth headers are ignored', async (t) => {
  const { app } = await makeApp(t)
  t.equal((await send(app, 'POST', '/v3/plant', { name: 'open' })).status, 200)
  t.equal((await send(app, 'PUT', '/v3/plant', { id: 1, name: 'open' })).status, 200)
  const withJunk = await send(app, 'POST', '/v3/plant', { name: 'x' }, { authorization: 'Bearer ACCESS_TOKEN', api_key: 'special-key' })
  t.equal(withJunk.status, 200, 'the OpenAPI Generator tests send these and expect success')
})

t.test('--plant-auth required: add and update answer 401 without a valid bearer token', async (t) => {
  const { app } = await makeApp(t, { plantAuth: 'required' })
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{}, /The Authorization header is missing/],
    [{ authorization: 'Basic dXNlcjE6eA==' }, /not of the form "Bearer <token>"/],
    [{ authorization: 'Bearer' }, /not of the form/],
    [{ authorization: 'Bearer never-issued' }, /The bearer token is unknown or its session has ended/]
  ]
  for (const [headers, reason] of cases) {
    for (const method of ['POST', 'PUT']) {
      const res = await send(app, method, '/v3/plant', { id: 1, name: 'denied' }, headers)
      isPlantError(t, res, 401, reason)
      t.match(res.body.message, /Log in with GET \/v3\/user\/auth\/login and send Authorization: Bearer <token>/)
      t.equal(res.headers['www-authenticate'], 'Bearer realm="unimock plant store"')
    }
  }
  isPlantError(t, await send(app, 'POST', '/v3/plant', '{"name": ', {}), 401, undefined)
  t.equal((await send(app, 'GET', '/v3/plant/1')).body.name, 'Fern 1', 'nothing was changed')
  t.equal((await send(app, 'GET', '/v3/plant/search/status')).status, 200, 'reads stay open')

  const token = await login(app)
  const added = await send(app, 'POST', '/v3/plant', { name: 'allowed' }, { authorization: `Bearer ${token}` })
  t.equal(added.status, 200)
  t.equal(added.body.name, 'allowed')
  t.equal((await send(app, 'PUT', '/v3/plant', { id: 1, name: 'allowed' }, { authorization: `bearer ${token}` })).status, 200,
    'the scheme name is case-insensitive')
  isPlantError(t, await send(app, 'POST', '/v3/plant', { status: 'x' }, { authorization: `Bearer ${token}` }), 405, undefined)
})

t.test('tokens expire by the virtual clock, moved through the control API', async (t) => {
  const { app } = await makeApp(t, { plantAuth: 'required' })
  const token = await login(app)
  const auth = { authorization: `Bearer ${token}` }
  const advance = async (by: string): Promise<void> => {
    t.equal((await send(app, 'POST', '/_unimock/clock/advance', { by })).status, 200)
  }
  await advance('59m')
  t.equal((await send(app, 'POST', '/v3/plant', { name: 'at 59 minutes' }, auth)).status, 200, 'still valid before expiresIn')
  await advance('59s')
  t.equal((await send(app, 'POST', '/v3/plant', { name: 'at 59:59' }, auth)).status, 200)
  await advance('1s')
  isPlantError(t, await send(app, 'POST', '/v3/plant', { name: 'at 60 minutes' }, auth), 401,
    /The bearer token expired at 2026-01-01T01:00:00\.000Z/)
  isPlantError(t, await send(app, 'PUT', '/v3/plant', { id: 1 }, auth), 401, /expired/)

  const fresh = await login(app, 'user2')
  t.equal((await send(app, 'POST', '/v3/plant', { name: 'new session' }, { authorization: `Bearer ${fresh}` })).status, 200,
    'a new login works; the expired session was purged on the way')
  isPlantError(t, await send(app, 'POST', '/v3/plant', { name: 'old' }, auth), 401, /unknown or its session has ended/)
})

t.test('a configured token lifetime governs expiry', async (t) => {
  const { app } = await makeApp(t, { plantAuth: 'required', plantTokenTtl: 90 })
  const auth = { authorization: `Bearer ${await login(app)}` }
  await send(app, 'POST', '/_unimock/clock/advance', { by: '89s' })
  t.equal((await send(app, 'POST', '/v3/plant', {}, auth)).status, 200)
  await send(app, 'POST', '/_unimock/clock/advance', { by: '1s' })
  t.equal((await send(app, 'POST', '/v3/plant', {}, auth)).status, 401)
})

t.test('logout ends the presented session only', async (t) => {
  const { app } = await makeApp(t, { plantAuth: 'required' })
  const first = { authorization: `Bearer ${await login(app)}` }
  const second = { authorization: `Bearer ${await login(app)}` }
  t.equal((await send(app, 'GET', '/v3/user/auth/logout', undefined, first)).status, 200)
  isPlantError(t, await send(app, 'POST', '/v3/plant', { name: 'x' }, first), 401, /session has ended/)
  t.equal((await send(app, 'POST', '/v3/plant', { name: 'x' }, second)).status, 200, 'the other session goes on')
})
