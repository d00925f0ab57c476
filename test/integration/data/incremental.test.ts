import t from 'tap'
import { dataAccount, dataApp } from './helpers.js'

/**
 * "What the API shows is what has been synced", and the spec's incremental retrieval rule: a client that
 * stores the time it started fetching and uses it as the next modified_after never misses a change.
 */

const iso = (ms: number): string => new Date(ms).toISOString()
/** One microsecond after a sync's last stamp: a last_sync_finished later than everything that sync wrote. */
const after = (stamp: string): string => stamp.replace(/(\d{6})Z$/, (m) => String(Number(m.slice(0, 6)) + 1).padStart(6, '0') + 'Z')

t.test('records become visible as sync passes write them; a short pass leaves the rest for the next', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=100'] })
  const hris = await dataAccount(app, 'hris', 'k', { sync: false })
  t.same((await hris.api.get('/api/hris/v1/employees')).json().results, [], 'nothing is visible before a sync pass')
  const seen: number[] = []
  for (const expected of [30, 60, 90, 100, 100]) {
    const [pass] = await hris.syncPass('hris.Employee', 30)
    const all = await hris.walk('/api/hris/v1/employees', {}, 100)
    seen.push(all.length)
    t.equal(pass!.remaining, 100 - expected, `remaining after the pass: ${pass!.remaining}`)
  }
  t.same(seen, [30, 60, 90, 100, 100], 'each pass of 30 makes 30 more employees visible, then nothing is pending')
})

t.test('the incremental rule over two syncs returns exactly the records the second sync changed', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['hris.employees=1000'] })
  const hris = await dataAccount(app, 'hris', 'k', { sync: false })

  // Sync 1: the initial load.
  const [first] = await hris.syncPass('hris.Employee')
  const finished1 = after(first!.modified_at)
  // Client, fetch 1, a minute after the sync finished: store the start time, then only modified_before.
  // (A fetch starting in the very millisecond of a pass gets that pass's records again: an overlap, never a gap.)
  await clock.advanceBy(60_000)
  const lastSyncedAt = iso(clock.now())
  const fetch1 = await hris.walk('/api/hris/v1/employees', { modified_before: finished1, include_deleted_data: 'true' }, 100)
  t.equal(fetch1.length, 1000, 'the first fetch gets the whole initial load')

  // A day of remote changes; sync 2 writes them (a scheduled sync may already have written part).
  await clock.advanceBy(86_400_000)
  const [second] = await hris.syncPass('hris.Employee')
  const finished2 = after(second!.modified_at)
  const snapshot = await hris.walk('/api/hris/v1/employees', { include_deleted_data: 'true' }, 100)

  const before = new Map(fetch1.map((r) => [r.id as string, JSON.stringify(r)]))
  const changed = snapshot.filter((r) => before.get(r.id) !== JSON.stringify(r)).map((r) => r.id as string)
  t.ok(changed.length > 5, `the remote system changed records during the day (${changed.length})`)
  t.ok(snapshot.some((r) => !before.has(r.id)), 'including new ones')
  t.ok(snapshot.some((r) => r.remote_was_deleted === true), 'and deleted ones')

  // Client, fetch 2: modified_after = stored start time, modified_before = the new last_sync_finished.
  const fetch2 = await hris.walk('/api/hris/v1/employees', { modified_after: lastSyncedAt, modified_before: finished2, include_deleted_data: 'true' }, 100)
  t.same(fetch2.map((r) => r.id).sort(), [...changed].sort(), 'the second fetch returns exactly the changed records')
  const unchanged = snapshot.filter((r) => !changed.includes(r.id))
  t.ok(unchanged.every((r) => r.modified_at === fetch1.find((f) => f.id === r.id)!.modified_at), 'unchanged records keep their modified_at')
  t.ok(fetch2.every((r) => Date.parse(r.modified_at) > Date.parse(lastSyncedAt)), 'every changed record moved modified_at forward')
})

t.test('a pass in the very millisecond the client stored as its start time is not lost', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['hris.employees=1000'] })
  const hris = await dataAccount(app, 'hris')
  await clock.advanceBy(6 * 3_600_000)
  // The client reads the clock, and in that same millisecond a sync writes the pending changes.
  const lastSyncedAt = iso(clock.now())
  const [pass] = await hris.syncPass('hris.Employee')
  const written = pass!.created + pass!.changed + pass!.deleted
  t.ok(written > 0, `the pass wrote changes (${written}) at ${pass!.modified_at}, within ${lastSyncedAt}`)
  t.equal(pass!.modified_at.slice(0, 23), lastSyncedAt.slice(0, 23), 'in the same millisecond')
  const next = await hris.walk('/api/hris/v1/employees', { modified_after: lastSyncedAt, include_deleted_data: 'true' }, 100)
  t.equal(next.filter((r) => r.modified_at === pass!.modified_at).length, written, 'modified_after=<that millisecond> still returns every record it wrote')
})

t.test('nothing changed: an incremental fetch is empty', async (t) => {
  const { app, clock } = await dataApp(t, { dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  await clock.advanceBy(1)
  const since = iso(clock.now())
  await clock.advanceBy(86_400_000)
  await hris.syncPass()
  const res = await hris.api.get(`/api/hris/v1/employees?modified_after=${since}`)
  t.same(res.json(), { next: null, previous: null, results: [] }, 'with --data-churn 0 a day later nothing is newer')
})
