import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { isPlantError, send } from './helpers.js'

t.test('GET /v3/user/:username answers id, username and email only; unknown is 404', async (t) => {
  const { app } = await makeApp(t)
  const res = await send(app, 'GET', '/v3/user/user1')
  t.equal(res.status, 200)
  t.equal(res.headers['content-type'], 'application/json')
  t.equal(res.text, '{"id":1,"username":"user1","email":"email1@test.com"}')
  t.same((await send(app, 'GET', '/v3/user/user10')).body, { id: 10, username: 'user10', email: 'email10@test.com' })
  isPlantError(t, await send(app, 'GET', '/v3/user/nobody'), 404, /User not found: no user is named nobody/)
  isPlantError(t, await send(app, 'GET', '/v3/user/USER1'), 404, undefined)
  isPlantError(t, await send(app, 'GET', '/v3/user/auth'), 404, /no user is named auth/)
})

t.test('login answers a token, expiresIn and the reference headers; the expiry follows the clock', async (t) => {
  const { app } = await makeApp(t)
  const res = await send(app, 'GET', '/v3/user/auth/login?username=user1&password=anything')
  t.equal(res.status, 200)
  t.equal(res.headers['content-type'], 'application/json')
  t.same(Object.keys(res.body), ['token', 'expiresIn'])
  t.match(res.body.token, /^[A-Za-z0-9_-]{32}$/)
  t.equal(res.body.expiresIn, 3600)
  t.equal(res.headers['x-rate-limit'], '5000')
  t.equal(res.headers['x-expires-after'], '2026-01-01T01:00:00.000Z', 'now + 3600 s on the virtual clock, ISO 8601 UTC')

  const other = await send(app, 'GET', '/v3/user/auth/login?username=someone-new&password=x')
  t.equal(other.status, 200, 'any credentials are accepted, as in the reference')
  t.not(other.body.token, res.body.token, 'each login is a new token')
})

t.test('login with a configured token lifetime', async (t) => {
  const { app } = await makeApp(t, { plantTokenTtl: 60 })
  const res = await send(app, 'GET', '/v3/user/auth/login?username=user1&password=p')
  t.equal(res.body.expiresIn, 60)
  t.equal(res.headers['x-expires-after'], '2026-01-01T00:01:00.000Z')
})

t.test('login without both credentials is 400', async (t) => {
  const { app } = await makeApp(t)
  for (const [query, reason] of [
    ['', /username is missing/],
    ['?password=x', /username is missing/],
    ['?username=user1', /password is missing/],
    ['?username=&password=x', /username is missing/],
    ['?username=user1&password=', /password is missing/],
    ['?username=a&username=b&password=x', /username is given more than once/]
  ] as Array<[string, RegExp]>) {
    isPlantError(t, await send(app, 'GET', `/v3/user/auth/login${query}`), 400, reason)
  }
  isPlantError(t, await send(app, 'GET', '/v3/user/auth/login'), 400, /^Invalid username\/password supplied: username is missing\.$/)
})

t.test('logout answers JSON, with or without a token, any number of times', async (t) => {
  const { app } = await makeApp(t)
  const login = await send(app, 'GET', '/v3/user/auth/login?username=user1&password=p')
  const auth = { authorization: `Bearer ${login.body.token as string}` }
  for (const headers of [auth, auth, {}]) {
    const res = await send(app, 'GET', '/v3/user/auth/logout', undefined, headers)
    t.equal(res.status, 200)
    t.equal(res.headers['content-type'], 'application/json')
    t.same(res.body, { code: 200, message: 'User logged out' })
  }
})

t.test('tokens come from the seeded random stream: the same seed gives the same tokens', async (t) => {
  const tokensOf = async (seed: number): Promise<string[]> => {
    const { app } = await makeApp(t, { seed })
    const out: string[] = []
    for (let i = 0; i < 2; i++) out.push((await send(app, 'GET', '/v3/user/auth/login?username=user1&password=p')).body.token)
    return out
  }
  const a = await tokensOf(7)
  t.same(await tokensOf(7), a)
  t.notSame(await tokensOf(8), a)
})
