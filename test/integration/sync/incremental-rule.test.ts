import t from 'tap'
import { linkedAccount } from './helpers.js'

type Row = Record<string, any>
const byId = (rows: Row[]): Map<string, string> => new Map(rows.map((r) => [r.id as string, JSON.stringify(r)]))

/**
 * The spec's incremental retrieval rule, followed to the letter by an integrator polling sync-status:
 * fetch when last_sync_finished moved; record the own clock before fetching; first fetch with only
 * modified_before = last_sync_finished, later ones with modified_after = stored start time too.
 */
t.test('the incremental rule over periodic syncs fetches exactly what each sync changed, with no gap', async (t) => {
  const ctx = await linkedAccount(t, { syncInterval: '6h' })
  await ctx.advance('1h')
  // Round 0 is the first fetch (only modified_before); every later round is an incremental one, and each
  // must find a sync that moved last_sync_finished: the rule is checked three times, never skipped.
  const first = await ctx.status('hris.Employee')
  t.not(first.last_sync_finished, null, 'the initial sync has finished')
  let stored = { lastSyncedAt: new Date(ctx.clock.now()).toISOString(), lastSyncFinished: first.last_sync_finished! }
  let mirror = byId(await ctx.all('employees', `include_deleted_data=true&modified_before=${encodeURIComponent(stored.lastSyncFinished)}`))
  t.same(mirror, byId(await ctx.all('employees', 'include_deleted_data=true')), 'round 0: the first fetch mirrors the served data')

  for (let round = 1; round <= 3; round++) {
    await ctx.advance('6h')
    const employee = await ctx.status('hris.Employee')
    t.not(employee.last_sync_finished, stored.lastSyncFinished, `round ${round}: a periodic sync finished since the last fetch`)
    const lastSyncedAt = new Date(ctx.clock.now()).toISOString()
    const window = `modified_after=${encodeURIComponent(stored.lastSyncedAt)}&modified_before=${encodeURIComponent(employee.last_sync_finished!)}`
    const fetched = await ctx.all('employees', `include_deleted_data=true&${window}`)
    const truth = byId(await ctx.all('employees', 'include_deleted_data=true'))

    const changedIds = [...truth.keys()].filter((id) => mirror.get(id) !== truth.get(id)).sort()
    t.same(fetched.map((r) => r.id as string).sort(), changedIds, `round ${round}: exactly the records this sync changed`)
    t.ok(changedIds.length > 0, `round ${round}: the remote system changed something (${changedIds.length})`)
    mirror = new Map(mirror)
    for (const r of fetched) mirror.set(r.id as string, JSON.stringify(r))
    t.same(mirror, truth, `round ${round}: the integrator's mirror equals the served data`)
    stored = { lastSyncedAt, lastSyncFinished: employee.last_sync_finished! }
  }
})

t.test('nothing changed: an incremental window is empty', async (t) => {
  const ctx = await linkedAccount(t)
  await ctx.advance('1h')
  const finished = (await ctx.status('hris.Employee')).last_sync_finished!
  const after = new Date(ctx.clock.now()).toISOString()
  const none = await ctx.all('employees', `modified_after=${encodeURIComponent(after)}&modified_before=${encodeURIComponent(finished)}`)
  t.same(none, [])
})
