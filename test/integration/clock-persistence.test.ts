import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { buildApp, type UnimockApp } from '../../src/app.js'
import { VirtualClock } from '../../src/core/virtual-clock.js'
import { START } from '../helpers/app.js'
import { Client } from './helpers.js'

/** A virtual-clock app on a file database, as `unimock --clock virtual --db FILE` starts one. */
async function open (db: string, start = START): Promise<UnimockApp> {
  const app = buildApp({ db, clock: 'virtual', logLevel: 'silent', rateLimit: 'off', initialSyncDuration: '10m', syncInterval: '6h' }, { clock: new VirtualClock(start) })
  await app.ready()
  return app
}

function dbFile (t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'unimock-clock-'))
  t.teardown(() => { rmSync(dir, { recursive: true, force: true }) })
  return join(dir, 'unimock.db')
}

const now = async (app: UnimockApp): Promise<string> => JSON.parse((await app.inject({ method: 'GET', url: '/_unimock/clock' })).body).now as string
const advance = async (app: UnimockApp, by: string): Promise<void> => {
  const res = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by } })
  if (res.statusCode !== 200) throw new Error(`advance answered ${res.statusCode}: ${res.body}`)
}

t.test('with a file database the virtual clock continues after a restart where it stopped', async (t) => {
  const db = dbFile(t)
  const first = await open(db)
  const linked = await new Client(first, 'key-a').link('hris', 'org1')
  await advance(first, '3h')
  const status = async (app: UnimockApp): Promise<Array<{ status: string, last_sync_finished: string | null, next_sync_start: string | null }>> =>
    (await new Client(app, 'key-a').withAccount(linked.accountToken).get('/api/hris/v1/sync-status?page_size=100')).json().results
  const before = await status(first)
  t.equal(await now(first), '2026-01-01T03:00:00.000Z')
  await first.close()

  const second = await open(db)
  t.teardown(() => second.close())
  t.equal(await now(second), '2026-01-01T03:00:00.000Z', 'not back at the start instant')
  const after = await status(second)
  t.same(after, before, 'sync status reads the same')
  const finished = after.filter((s) => s.last_sync_finished !== null)
  t.ok(finished.length > 0)
  t.ok(finished.every((s) => s.last_sync_finished! <= '2026-01-01T03:00:00.000000Z'), 'no stored sync finished after the clock')

  // The next periodic runs (every 6 h from the initial sync's end) fall due on the restored clock.
  await advance(second, '4h')
  t.equal(await now(second), '2026-01-01T07:00:00.000Z')
  const later = await status(second)
  t.ok(later.filter((s) => s.last_sync_finished !== null).every((s) => s.last_sync_finished! > '2026-01-01T06:00:00'), 'the periodic syncs ran after the restart')
})

t.test('a later --clock-start wins over the saved instant; a reset forgets it', async (t) => {
  const db = dbFile(t)
  const first = await open(db)
  await advance(first, '2h')
  await first.close()

  const later = await open(db, Date.parse('2026-02-01T00:00:00.000Z'))
  t.equal(await now(later), '2026-02-01T00:00:00.000Z', 'a start after the saved instant is where it starts')
  const reset = await later.inject({ method: 'POST', url: '/_unimock/reset' })
  t.equal(reset.statusCode, 200)
  t.equal(await now(later), '2026-02-01T00:00:00.000Z')
  await later.close()

  const again = await open(db)
  t.teardown(() => again.close())
  t.equal(await now(again), '2026-01-01T00:00:00.000Z', 'after a reset nothing is saved: the configured start')
})

t.test("each key's own clock continues after a restart too, and its jobs fall due on it", async (t) => {
  const db = dbFile(t)
  const first = await open(db)
  const a = new Client(first, 'key-a')
  const linked = await a.link('hris', 'org1')
  const keyed = (app: UnimockApp, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: 'Bearer key-a' }, ...(payload === undefined ? {} : { payload }) })
  t.equal((await keyed(first, 'POST', '/_unimock/clock/advance', { by: '5h' })).statusCode, 200)
  await first.close()

  const second = await open(db)
  t.teardown(() => second.close())
  t.equal(JSON.parse((await keyed(second, 'GET', '/_unimock/clock')).body).now, '2026-01-01T05:00:00.000Z', 'the key\'s time, restored')
  t.equal(await now(second), '2026-01-01T00:00:00.000Z', 'the server\'s stayed')
  // The next periodic runs fall due 6 h after the initial sync's end (00:10): at the key's 06:10.
  t.equal((await keyed(second, 'POST', '/_unimock/clock/advance', { by: '2h' })).statusCode, 200)
  const status = (await new Client(second, 'key-a').withAccount(linked.accountToken).get('/api/hris/v1/sync-status?page_size=100')).json().results as Array<{ last_sync_finished: string | null }>
  const finished = status.filter((s) => s.last_sync_finished !== null)
  t.ok(finished.length > 0)
  t.ok(finished.every((s) => s.last_sync_finished! > '2026-01-01T06:00:00'), 'the periodic syncs ran on the key\'s restored clock')
})
