import t from 'tap'
import type { Client } from '../helpers.js'
import { startReceiver } from '../webhooks/receiver.js'
import { reportSetup } from './helpers.js'

interface Status { model_id: string, status: string, is_initial_sync: boolean, last_sync_finished: string | null }

const MODELS = ['hris.Employee', 'hris.Company', 'hris.Team']
const SEGMENT: Record<string, string> = { 'hris.Employee': 'employees', 'hris.Company': 'companies', 'hris.Team': 'teams' }

/** The spec's readiness rules for one model. */
function ready (s: Status): boolean {
  if (s.status === 'DISABLED') return false
  if (s.is_initial_sync) return s.status === 'DONE'
  return s.status === 'DONE' || s.status === 'PARTIALLY_SYNCED' || s.last_sync_finished !== null
}

/** The first sync is complete for the account when every non-DISABLED model is neither SYNCING, FAILED nor PAUSED. */
const firstSyncComplete = (all: Status[]): boolean => all.every((s) => s.status === 'DISABLED' || !['SYNCING', 'FAILED', 'PAUSED'].includes(s.status))

t.test('a client that follows the spec for four simulated days gets no findings', async (t) => {
  const receiver = await startReceiver(t)
  const { app, api, clock, advance, report } = await reportSetup(t, { initialSyncDuration: '30m', rateLimit: 100 })
  const target = await app.inject({ method: 'POST', url: '/_unimock/webhooks/targets', headers: api.headers(), payload: { url: `${receiver.url}/hook/{category}` } })
  t.equal(target.statusCode, 201)
  const now = (): string => new Date(clock.now()).toISOString()

  // Link: the origin id is stored first and reused when the first attempt is abandoned; a fresh link token per opening.
  const origin = 'acme-42_hris'
  const user = { end_user_origin_id: origin, end_user_email_address: 'it@acme.test', end_user_organization_name: 'Acme' }
  t.equal((await api.complete(await api.linkToken('hris', user), { outcome: 'exit' })).statusCode, 200)
  const done = await api.complete(await api.linkToken('hris', user))
  t.equal(done.statusCode, 200)
  const exchanged = await api.get(`/api/hris/v1/account-token/${done.json().public_token as string}`)
  t.equal(exchanged.statusCode, 200)
  const account: Client = api.withAccount(exchanged.json().account_token)
  const accountId = exchanged.json().id as string

  const statuses = async (): Promise<Status[] | 'relink'> => {
    const res = await account.get('/api/hris/v1/sync-status?page_size=100')
    if (res.statusCode === 401 || res.statusCode === 403) return 'relink'
    if (res.statusCode !== 200) throw new Error(`sync-status answered ${res.statusCode}`)
    return res.json().results
  }

  // The incremental rule: per model, last_synced_at (our time at a fetch's start) and last_sync_finished.
  const stored = new Map<string, { lastSyncedAt: string, lastSyncFinished: string }>()
  let fetches = 0
  const fetchChanged = async (all: Status[]): Promise<void> => {
    for (const model of MODELS) {
      const s = all.find((x) => x.model_id === model)!
      if (!ready(s) || s.last_sync_finished === null) continue
      const previous = stored.get(model)
      if (previous !== undefined && s.last_sync_finished <= previous.lastSyncFinished) continue
      const startedAt = now()
      const window = previous === undefined
        ? `modified_before=${encodeURIComponent(s.last_sync_finished)}`
        : `modified_after=${encodeURIComponent(previous.lastSyncedAt)}&modified_before=${encodeURIComponent(s.last_sync_finished)}`
      let cursor: string | null = null
      do {
        const res = await account.get(`/api/hris/v1/${SEGMENT[model]!}?page_size=100&${window}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`)
        if (res.statusCode !== 200) throw new Error(`${model} answered ${res.statusCode}: ${res.body}`)
        cursor = res.json().next
      } while (cursor !== null)
      stored.set(model, { lastSyncedAt: startedAt, lastSyncFinished: s.last_sync_finished })
      fetches++
    }
  }

  // Wait for the initial sync, polling once a minute.
  let first = await statuses()
  while (first === 'relink' || !firstSyncComplete(first)) {
    await advance('1m')
    first = await statuses()
  }
  t.ok(first.filter((s) => MODELS.includes(s.model_id)).every(ready), 'ready by the spec\'s rules')
  await fetchChanged(first)

  // Four days: an hourly backup poll, fetching what changed. On day 2 the account needs relinking: after the
  // first 401 the client only health-checks until the user has relinked.
  let needsRelink = false
  for (let hour = 1; hour <= 96; hour++) {
    await advance('1h')
    if (hour === 30) t.equal((await api.post(`/_unimock/linked-accounts/${accountId}/relink-needed`)).statusCode, 200)
    if (hour === 36) t.equal((await api.complete(await api.linkToken('hris', user))).statusCode, 200, 'the user relinks')
    if (needsRelink) {
      const health = await account.get('/api/hris/v1/account-details')
      if (health.statusCode !== 200) continue
      needsRelink = false
    }
    const all = await statuses()
    if (all === 'relink') { needsRelink = true; continue }
    await fetchChanged(all)
    if (hour === 60) {
      const resync = await account.post('/api/hris/v1/sync-status/resync', { sync_type: 'INCREMENTAL', target: 'hris.Employee' })
      t.equal(resync.statusCode, 200)
    }
  }

  const { summary, findings } = await report()
  t.same(findings.map((f) => `${f.code}: ${f.count}`), [], 'no findings')
  t.ok(fetches >= 12, `fetched incrementally ${fetches} times`)
  t.ok(summary.requests > 150, `${summary.requests as number} requests examined`)
  t.ok(summary.webhook_attempts > 0, 'webhooks were delivered and answered')
  t.ok(receiver.received.length > 0)
  t.equal(summary.findings, 0)
  // The script did meet what the rules look at: a refusal and health checks, incremental windows, minute polls.
  const entries = (await api.get('/_unimock/requests?limit=1000')).json().entries as any[]
  t.equal(entries.filter((e) => e.status === 401 && e.facets.endpoint !== 'account-details').length, 1, 'one 401, then only health checks')
  t.ok(entries.filter((e) => e.facets.endpoint === 'account-details').length >= 6, 'health checks until the relink')
  t.ok(entries.filter((e) => e.facets.modified_after !== undefined).length >= 9, 'incremental fetches with modified_after')
  t.ok(entries.filter((e) => e.facets.syncing === true).length >= 25, 'polled every minute during the initial sync')
})
