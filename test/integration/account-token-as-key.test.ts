import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { Client } from './helpers.js'

// An account token pasted where the API key goes (#55): never a new key of its own, listed on the dashboard
// (in clear with --dashboard-keys list); the 401 says where it belongs.

t.test('an account token sent as the Bearer is refused, and listed nowhere as a key', async (t) => {
  const { app } = await makeApp(t, { dashboardKeys: 'list' })
  const a = new Client(app, 'key-a')
  const { accountToken } = await a.link('hris', 'org-1')
  const keys = async (): Promise<unknown[]> => (await app.inject({ url: '/_unimock/keys' })).json().keys as unknown[]
  t.equal((await keys()).length, 1, 'key-a alone')

  for (const url of ['/api/hris/v1/linked-accounts', '/_unimock/clock', '/api/hris/v1/account-details']) {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${accountToken}`, 'x-account-token': accountToken } })
    t.equal(res.statusCode, 401, url)
    t.match(res.json(), { detail: /this is an account token, which belongs in the X-Account-Token header/ }, url)
    t.notMatch(res.body, accountToken, 'the token is not echoed')
  }
  t.equal((await keys()).length, 1, 'no key was made of it')
  t.notOk(JSON.stringify(await keys()).includes(accountToken), 'and it is listed nowhere')

  const ok = await app.inject({ url: '/api/hris/v1/account-details', headers: a.withAccount(accountToken).headers() })
  t.equal(ok.statusCode, 200, 'the token still works where it belongs')
})

t.test('a token under another key: the 401 says each key is a world of its own, and tells nothing of the other', async (t) => {
  const { app } = await makeApp(t)
  const { accountToken } = await new Client(app, 'key-a').link('hris', 'org-1')
  const res = await app.inject({ url: '/api/hris/v1/account-details', headers: new Client(app, 'key-b', accountToken).headers() })
  t.equal(res.statusCode, 401)
  t.match(res.json(), { detail: /^Invalid X-Account-Token: no linked account of this API key has this account token\. Each API key is a world of its own/ })
  const mistyped = await app.inject({ url: '/api/hris/v1/account-details', headers: new Client(app, 'key-b', 'no-such-token').headers() })
  t.equal(mistyped.json().detail, res.json().detail, 'the same answer as a token nobody has')
})
