import t from 'tap'
import { MergeClient } from '@mergeapi/merge-node-client'
import { makeApp } from '../helpers/app.js'
import { injectFetch } from '../helpers/inject-fetch.js'
import { strictProblems } from '../helpers/strict-parse.js'
import { Client } from './helpers.js'

/** generate-key / regenerate-key (issue #15, facts §12). */

t.test('generate-key makes a named key; regenerate-key replaces its secret; names are per API key', async (t) => {
  const { app } = await makeApp(t)
  const a = new Client(app, 'key-a')
  const made = await a.post('/api/hris/v1/generate-key', { name: 'Remote Deployment Key 1' })
  t.equal(made.statusCode, 200)
  t.same(strictProblems('hris.RemoteKey', made.json()), [])
  t.equal(made.json().name, 'Remote Deployment Key 1')
  t.match(made.json().key, /^[A-Za-z0-9_-]{54}$/)

  const twice = await a.post('/api/ats/v1/generate-key', { name: 'Remote Deployment Key 1' })
  t.equal(twice.statusCode, 400, 'one organization-wide set of names, whatever the category path')
  t.match(twice.json(), { detail: /"Remote Deployment Key 1" already exists/ })

  const again = await a.post('/api/crm/v1/regenerate-key', { name: 'Remote Deployment Key 1' })
  t.equal(again.statusCode, 200)
  t.not(again.json().key, made.json().key, 'a new secret')

  const unknown = await a.post('/api/hris/v1/regenerate-key', { name: 'Nope' })
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json(), { detail: /No remote key is named "Nope"/ })

  t.equal((await new Client(app, 'key-b').post('/api/hris/v1/generate-key', { name: 'Remote Deployment Key 1' })).statusCode, 200, 'another API key has its own names')
  t.equal((await a.post('/api/hris/v1/generate-key', {})).statusCode, 400, 'a name is required')
  t.equal((await new Client(app, undefined).post('/api/hris/v1/generate-key', { name: 'x' })).statusCode, 401)
})

t.test('the official client generates and regenerates keys, with an account token configured too', async (t) => {
  const { app } = await makeApp(t)
  const linked = await new Client(app, 'key-a').link('hris', 'org1')
  const merge = new MergeClient({ apiKey: 'key-a', accountToken: linked.accountToken, baseUrl: 'http://unimock.test/api', fetch: injectFetch(app, () => {}), maxRetries: 0 })
  const made = await merge.hris.generateKey.create({ name: 'k1' })
  const again = await merge.hris.regenerateKey.create({ name: 'k1' })
  t.equal(again.name, 'k1')
  t.not(again.key, made.key)
})

t.test('a remote key is an API key of the organization that made it; a regenerated secret stops working at once', async (t) => {
  const { app } = await makeApp(t, { apiKeys: ['key-a'] })
  const a = new Client(app, 'key-a')
  const linked = await a.link('hris', 'org-remote-key')
  const made = (await a.post('/api/hris/v1/generate-key', { name: 'deploy' })).json().key as string
  const remote = new Client(app, made)
  const listed = await remote.get('/api/hris/v1/linked-accounts')
  t.equal(listed.statusCode, 200, 'accepted although only key-a is configured')
  t.same(listed.json().results.map((r: { id: string }) => r.id), [linked.accountId], 'it sees the organization\'s accounts')
  t.equal((await new Client(app, made, linked.accountToken).get('/api/hris/v1/employees')).statusCode, 200, 'and reads their data with their account tokens')

  const rotated = (await remote.post('/api/hris/v1/regenerate-key', { name: 'deploy' })).json().key as string
  t.equal((await remote.get('/api/hris/v1/linked-accounts')).statusCode, 401, 'the old secret is refused at once')
  t.equal((await new Client(app, rotated).get('/api/hris/v1/linked-accounts')).json().results.length, 1, 'the new one works')
  t.equal((await new Client(app, 'key-other').get('/api/hris/v1/linked-accounts')).statusCode, 401, 'any other key is still refused')
})
