import t from 'tap'
import { MergeClient } from '@mergeapi/merge-node-client'
import { makeApp } from '../helpers/app.js'
import { injectFetch } from '../helpers/inject-fetch.js'
import { strictProblems } from '../helpers/strict-parse.js'
import { Client } from './helpers.js'

/** POST account-token/regenerate (issue #15, facts §14): a new token, the same account, the old token revoked. */

t.test('regenerate: a new token for the same account; the old one answers 401 at once', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const linked = await c.link('hris', 'org1')
  const res = await c.withAccount(linked.accountToken).post('/api/hris/v1/account-token/regenerate')
  t.equal(res.statusCode, 200)
  t.same(strictProblems('hris.RegenerateAccountToken', res.json()), [])
  const { linked_account_id: id, account_token: token } = res.json()
  t.equal(id, linked.accountId, 'the account id stays')
  t.not(token, linked.accountToken)
  t.equal((await c.withAccount(token).get('/api/hris/v1/account-details')).json().id, linked.accountId, 'the new token works')
  const old = await c.withAccount(linked.accountToken).get('/api/hris/v1/account-details')
  t.equal(old.statusCode, 401, 'the old token is revoked')
  t.match(old.json(), { detail: /X-Account-Token/ })
  t.equal((await c.withAccount(linked.accountToken).post('/api/hris/v1/account-token/regenerate')).statusCode, 401, 'and cannot regenerate again')

  // Another API key cannot regenerate this account's token.
  t.equal((await new Client(app, 'key-b', token).post('/api/hris/v1/account-token/regenerate')).statusCode, 401)
  t.equal((await c.withAccount(token).get('/api/hris/v1/account-details')).statusCode, 200, 'which still works')
})

t.test('a deleted account cannot regenerate its token', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const linked = await c.link('ats', 'org1')
  await c.withAccount(linked.accountToken).post('/api/ats/v1/delete-account')
  const res = await c.withAccount(linked.accountToken).post('/api/ats/v1/account-token/regenerate')
  t.equal(res.statusCode, 401)
  t.match(res.json(), { detail: /deleted/ })
})

t.test('the official client regenerates, and then uses the new token', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const linked = await c.link('crm', 'org1')
  const fetch = injectFetch(app, () => {})
  const merge = new MergeClient({ apiKey: 'key-a', accountToken: linked.accountToken, baseUrl: 'http://unimock.test/api', fetch, maxRetries: 0 })
  const regenerated = await merge.crm.accountToken.regenerateCreate()
  t.equal(regenerated.linkedAccountId, linked.accountId)
  const fresh = new MergeClient({ apiKey: 'key-a', accountToken: regenerated.accountToken, baseUrl: 'http://unimock.test/api', fetch, maxRetries: 0 })
  t.equal((await fresh.crm.accountDetails.retrieve()).id, linked.accountId)
  const stale = await merge.crm.accountDetails.retrieve().then(() => undefined, (error: unknown) => error)
  t.match(stale, { statusCode: 401 }, 'the old token is refused')
})
