import t from 'tap'
import { MergeClient } from '@mergeapi/merge-node-client'
import { injectFetch } from '../helpers/inject-fetch.js'
import { strictProblems } from '../helpers/strict-parse.js'
import { Client } from './helpers.js'
import { linkedAccount } from './sync/helpers.js'
import { webhookSetup } from './webhooks/helpers.js'
import { payloadSchema } from '../../src/integration/background/webhooks/payload-schemas.js'
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'

// ajv-formats ships CommonJS with a default export that NodeNext sees one level down.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

/** GET issues, issues/{id} (issue #15, facts §8): opened by what goes wrong, resolved a quiet day later or by a relink. */

t.test('a FAILED sync opens one issue; repeats update it; it resolves a day after the last failure', async (t) => {
  const ctx = await linkedAccount(t, { syncInterval: '24h' })
  await ctx.advance('1h')
  const org = new Client(ctx.app, ctx.api.key)
  t.same((await org.get('/api/hris/v1/issues')).json().results, [])

  await ctx.control('PUT', `/linked-accounts/${ctx.accountId}/next-sync`, { model_id: 'hris.Employee', result: 'FAILED' })
  await ctx.advance('25h')
  const opened = (await org.get('/api/hris/v1/issues')).json()
  t.same(strictProblems('hris.PaginatedIssueList', opened), [], 'a strict client parses it')
  t.equal(opened.results.length, 1)
  const issue = opened.results[0]
  t.match(issue, { status: 'ONGOING', error_description: 'Sync failed', error_details: ['The Employee sync failed.'], is_muted: false, end_user: { id: ctx.accountId } })
  t.same((await org.get(`/api/ats/v1/issues/${issue.id as string}`)).json(), issue, 'retrieve, on any category path')

  await ctx.control('PUT', `/linked-accounts/${ctx.accountId}/next-sync`, { model_id: 'hris.Employee', result: 'FAILED' })
  await ctx.advance('24h')
  const repeated = (await org.get('/api/hris/v1/issues')).json().results
  t.equal(repeated.length, 1, 'a repeat updates the same issue')
  t.equal(repeated[0].status, 'ONGOING')
  t.ok(repeated[0].last_incident_time > issue.last_incident_time)
  t.equal(repeated[0].first_incident_time, issue.first_incident_time)

  // A day after the last failure, on the clock.
  await ctx.clock.advanceBy(Date.parse(repeated[0].last_incident_time) + 23 * 3_600_000 - ctx.clock.now())
  t.equal((await org.get(`/api/hris/v1/issues/${issue.id as string}`)).json().status, 'ONGOING', 'not yet a day without failures')
  await ctx.advance('2h')
  t.equal((await org.get(`/api/hris/v1/issues/${issue.id as string}`)).json().status, 'RESOLVED', 'a quiet day resolves it')
  t.same((await org.get('/api/hris/v1/issues?status=ONGOING')).json().results, [])
  t.equal((await org.get('/api/hris/v1/issues?status=RESOLVED')).json().results.length, 1)
  t.equal((await org.get(`/api/hris/v1/issues?account_token=${ctx.accountToken}`)).json().results.length, 1)
  t.equal((await org.get('/api/hris/v1/issues?account_token=nope')).json().results.length, 0)
  t.equal((await org.get('/api/hris/v1/issues?last_incident_time_after=2030-01-01T00:00:00Z')).json().results.length, 0)

  t.same((await new Client(ctx.app, 'other-key').get('/api/hris/v1/issues')).json().results, [], 'another organization sees none')
  t.equal((await new Client(ctx.app, 'other-key').get(`/api/hris/v1/issues/${issue.id as string}`)).statusCode, 404)
})

t.test('relink needed opens a credentials issue; the relink resolves it at once', async (t) => {
  const ctx = await linkedAccount(t)
  const org = new Client(ctx.app, ctx.api.key)
  await ctx.control('POST', `/linked-accounts/${ctx.accountId}/relink-needed`)
  const [issue] = (await org.get('/api/hris/v1/issues')).json().results
  t.match(issue, { status: 'ONGOING', error_description: 'Invalid login credentials' })
  await org.link('hris', 'org-1_hris')
  t.equal((await org.get(`/api/hris/v1/issues/${issue.id as string}`)).json().status, 'RESOLVED')
})

t.test('unknown ids and malformed filters are clear 4xx; the official client lists issues', async (t) => {
  const ctx = await linkedAccount(t)
  const org = new Client(ctx.app, ctx.api.key)
  const missing = await org.get('/api/hris/v1/issues/3f1c9a8e-0000-4000-8000-000000000000')
  t.equal(missing.statusCode, 404)
  t.match(missing.json(), { detail: /No issue 3f1c9a8e/ })
  for (const [query, message] of [['status=OPEN', /status "OPEN"/], ['start_date=soon', /start_date "soon"/], ['first_incident_time_before=2026-02-30T99:00:00Z', /first_incident_time_before/]] as const) {
    const res = await org.get(`/api/hris/v1/issues?${query}`)
    t.equal(res.statusCode, 400, query)
    t.match(res.json(), { detail: message })
  }
  await ctx.control('POST', `/linked-accounts/${ctx.accountId}/relink-needed`)
  const merge = new MergeClient({ apiKey: ctx.api.key ?? '', accountToken: ctx.accountToken, baseUrl: 'http://unimock.test/api', fetch: injectFetch(ctx.app, () => {}), maxRetries: 0 })
  const page = await merge.hris.issues.list({ status: 'ONGOING' })
  t.same(page.data.map((i) => i.errorDescription), ['Invalid login credentials'])
})

t.test('Issue.new, Issue.resolved and Issue.reopened reach webhook targets with the issue as GET shows it', async (t) => {
  const setup = await webhookSetup(t)
  await setup.addTarget({ events: ['Issue.*'] })
  const made = await setup.control('POST', '/linked-accounts', { category: 'hris', end_user_origin_id: 'org-issue-hooks' })
  t.equal(made.statusCode, 201, made.body)
  const accountId = made.json().id as string
  const org = new Client(setup.app, 'test_webhooks')
  // With the formats the payload schemas name (uuid, date-time): without them Ajv ignores each with a warning.
  const ajv = addFormats(new Ajv({ strict: false }))
  const problems = (event: string, body: unknown): unknown => { const v = ajv.compile(payloadSchema(event)!); return v(body) ? [] : v.errors }

  await setup.control('POST', `/linked-accounts/${accountId}/relink-needed`)
  await setup.advance('1s')
  await setup.receiver.arrived(1)
  const [issue] = (await org.get('/api/hris/v1/issues')).json().results
  const opened = setup.receiver.received[0]!.json
  t.match(opened, { hook: { event: 'Issue.new' }, linked_account: { id: accountId } })
  t.same(opened.data, issue, 'Issue.new carries the issue as GET .../issues shows it')
  t.same(problems('Issue.new', opened), [], 'the body matches its declared schema')

  await org.link('hris', 'org-issue-hooks')
  await setup.advance('1s')
  await setup.receiver.arrived(2)
  const resolved = setup.receiver.received[1]!.json
  t.match(resolved, { hook: { event: 'Issue.resolved' }, data: { id: issue.id, status: 'RESOLVED' } })
  t.same(resolved.data, (await org.get(`/api/hris/v1/issues/${issue.id as string}`)).json())

  await setup.control('POST', `/linked-accounts/${accountId}/relink-needed`)
  await setup.advance('1s')
  await setup.receiver.arrived(3)
  t.match(setup.receiver.received[2]!.json, { hook: { event: 'Issue.reopened' }, data: { id: issue.id, status: 'ONGOING' } }, 'the same problem again reopens the issue')
  t.equal(setup.receiver.received.length, 3, 'one delivery each')
})
