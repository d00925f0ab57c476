import t from 'tap'
import { openDatabase } from '../../../src/store/database.js'
import { SyncHistoryRepository } from '../../../src/integration/background/sync/sync-history.js'
import { linkedAccount } from './helpers.js'

// The sync history behind the dashboard's timeline: every finished run with its start, finish and result.

interface Run { model_id: string, started_at: string, finished_at: string, result: string, was_initial_sync: boolean }

t.test('each finished run is kept, oldest first, with its start, finish, result and whether it was the initial sync', async (t) => {
  const s = await linkedAccount(t, { syncInterval: '1h', initialSyncDuration: '10m' })
  t.same((await s.control('GET', `/linked-accounts/${s.accountId}/sync/history`)).json().runs, [], 'nothing has finished yet')
  await s.advance('30m')
  t.equal((await s.control('PUT', `/linked-accounts/${s.accountId}/next-sync`, { model_id: 'hris.Employee', result: 'FAILED' })).statusCode, 200)
  await s.advance('3h')
  const res = await s.control('GET', `/linked-accounts/${s.accountId}/sync/history`)
  t.equal(res.statusCode, 200)
  const runs = res.json().runs as Run[]
  const employee = runs.filter((r) => r.model_id === 'hris.Employee')
  t.match(employee[0], { started_at: '2026-01-01T00:00:00.000Z', finished_at: '2026-01-01T00:10:00.000Z', result: 'DONE', was_initial_sync: true })
  t.match(employee[1], { result: 'FAILED', was_initial_sync: false }, 'the preset run')
  t.ok(employee.length >= 3, 'the periodic runs after it')
  for (const r of runs) t.ok(Date.parse(r.started_at) <= Date.parse(r.finished_at), `${r.model_id} starts before it finishes`)
  const states = (await s.control('GET', '/sync')).json().results as Array<{ linked_account_id: string, sync_status: unknown[] }>
  t.equal(states.length, 1, 'GET /_unimock/sync: every account of the tenant')
  t.equal(states[0]!.linked_account_id, s.accountId)

  t.equal((await s.control('GET', '/linked-accounts/nope/sync/history')).statusCode, 404)
  const foreign = await s.app.inject({ method: 'GET', url: `/_unimock/linked-accounts/${s.accountId}/sync/history`, headers: { authorization: 'Bearer someone_else' } })
  t.equal(foreign.statusCode, 404, 'another tenant does not see it')

  await s.app.inject({ method: 'POST', url: '/_unimock/reset' })
  t.equal(s.app.unimock.db.prepare('SELECT COUNT(*) FROM sync_history').pluck().get(), 0, 'a reset clears it')
})

t.test('GET /_unimock/sync/summary: each account\'s models counted by sync status, as the full view has them', async (t) => {
  const s = await linkedAccount(t, { syncInterval: '1h', initialSyncDuration: '10m' })
  type Summary = { results: Array<{ linked_account_id: string, paused: boolean, status_counts: Record<string, number> }> }
  const countsOf = async (): Promise<{ summary: Summary['results'][number], full: Record<string, number> }> => {
    const summary = (await s.control('GET', '/sync/summary')).json() as Summary
    t.equal(summary.results.length, 1, 'every account of the tenant, and no other')
    const full: Record<string, number> = { SYNCING: 0, DONE: 0, FAILED: 0, DISABLED: 0, PAUSED: 0, PARTIALLY_SYNCED: 0 }
    for (const m of (await s.control('GET', '/sync')).json().results[0].sync_status as Array<{ status: string }>) full[m.status]!++
    return { summary: summary.results[0]!, full }
  }
  const syncing = await countsOf()
  t.equal(syncing.summary.linked_account_id, s.accountId)
  t.ok(syncing.full.SYNCING! > 0, 'the initial syncs are under way')
  t.same(syncing.summary.status_counts, syncing.full, 'while syncing: every status, 0 where none')

  await s.advance('30m')
  t.equal((await s.control('PUT', `/linked-accounts/${s.accountId}/next-sync`, { model_id: 'hris.Employee', result: 'FAILED' })).statusCode, 200)
  t.equal((await s.control('POST', `/linked-accounts/${s.accountId}/sync-now`, { model_id: 'hris.Employee' })).statusCode, 200)
  await s.advance('10m')
  const failed = await countsOf()
  t.equal(failed.summary.status_counts.FAILED, 1, 'the preset run failed')
  t.same(failed.summary.status_counts, failed.full)

  t.equal((await s.control('POST', `/linked-accounts/${s.accountId}/pause`)).statusCode, 200)
  const paused = await countsOf()
  t.equal(paused.summary.paused, true)
  t.same(paused.summary.status_counts, paused.full)
  const foreign = await s.app.inject({ method: 'GET', url: '/_unimock/sync/summary', headers: { authorization: 'Bearer someone_else' } })
  t.same(foreign.json(), { results: [] }, 'another key sees none of it')
  t.equal((await s.app.inject({ method: 'GET', url: '/_unimock/sync/summary' })).statusCode, 401)
})

t.test('the history keeps the newest runs of each account, a bounded number', async (t) => {
  const db = openDatabase(':memory:')
  t.teardown(() => db.close())
  const repo = new SyncHistoryRepository(db, 3)
  for (let i = 0; i < 5; i++) {
    for (const accountId of ['a', 'b']) repo.record({ accountId, modelId: 'hris.Employee', startedAt: i * 1000, finishedAt: i * 1000 + 10, result: 'DONE', wasInitial: i === 0 })
  }
  t.same(repo.forAccount('a').map((r) => r.startedAt), [2000, 3000, 4000], 'the three newest of a')
  t.same(repo.forAccount('b').map((r) => r.startedAt), [2000, 3000, 4000], 'and of b')
  for (let i = 5; i < 500; i++) repo.record({ accountId: 'a', modelId: 'hris.Employee', startedAt: i * 1000, finishedAt: i * 1000 + 10, result: 'DONE', wasInitial: false })
  const stored = db.prepare('SELECT COUNT(*) FROM sync_history WHERE linked_account_id = ?').pluck().get('a') as number
  t.ok(stored <= 3 + 63, `the rows stored stay bounded (${stored} after 500 writes; trimmed in batches)`)
  t.same(repo.forAccount('a').map((r) => r.startedAt), [497_000, 498_000, 499_000])
  repo.forget('a')
  t.same(repo.forAccount('a'), [])
  t.equal(repo.forAccount('b').length, 3)
})
