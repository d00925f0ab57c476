import t from 'tap'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { migrations } from '../../src/store/migrations/index.js'
import { openDatabase } from '../../src/store/database.js'
import { VirtualClock } from '../../src/core/virtual-clock.js'
import { TenantClocks } from '../../src/core/tenant-clocks.js'
import { Scheduler } from '../../src/jobs/scheduler.js'
import { SyncHistoryRepository } from '../../src/integration/background/sync/sync-history.js'

/** A file database as a build before migration 36 left it. */
function olderDatabase (path: string): void {
  const db = new Database(path)
  db.exec('CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL)')
  for (const m of migrations.filter((m) => m.id < 36)) {
    db.exec(m.sql)
    db.prepare('INSERT INTO schema_migrations (id, name) VALUES (?, ?)').run(m.id, m.name)
  }
  const job = db.prepare('INSERT INTO jobs (kind, tenant_id, due_at, dedupe_key, payload) VALUES (?, ?, ?, ?, ?)')
  job.run('note', null, 300, null, '{"n":"late"}')
  job.run('note', null, 100, 'first', '{"n":"first"}')
  job.run('note', null, 100, null, '{"n":"second"}')
  const history = db.prepare(`INSERT INTO sync_history (linked_account_id, model_id, started_at, finished_at, result, was_initial)
    VALUES (?, ?, ?, ?, ?, ?)`)
  for (let i = 0; i < 3; i++) history.run('acc', `hris.M${i}`, i * 10, i * 10 + 5, 'DONE', i === 0 ? 1 : 0)
  db.close()
}

const noOutcome = (): void => {}

t.test('an older file database keeps its pending jobs and sync history through migration 36', async (t) => {
  const path = join(t.testdir(), 'older.db')
  olderDatabase(path)
  const db = openDatabase(path)
  t.teardown(() => db.close())

  t.same(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'jobs' AND sql IS NOT NULL ORDER BY name").pluck().all(),
    ['jobs_tenant_due'], 'the unused due index is gone; the tenant one stays')
  t.notMatch(String(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'jobs'").pluck().get()), /AUTOINCREMENT/)
  t.notMatch(String(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'sync_history'").pluck().get()), /AUTOINCREMENT/)

  const history = new SyncHistoryRepository(db)
  t.same(history.forAccount('acc').map((e) => [e.modelId, e.wasInitial]), [['hris.M0', true], ['hris.M1', false], ['hris.M2', false]])
  history.record({ accountId: 'acc', modelId: 'hris.M3', startedAt: 40, finishedAt: 45, result: 'FAILED', wasInitial: false })
  t.equal(history.forAccount('acc').at(-1)?.modelId, 'hris.M3', 'a new run is still the newest')

  const clock = new VirtualClock(0)
  const scheduler = new Scheduler(db, new TenantClocks(clock).clock, { warn: () => {}, error: () => {} })
  const seen: string[] = []
  const note = scheduler.define<{ n: string }>('note', ({ n }) => { seen.push(n) }, noOutcome)
  scheduler.start()
  t.same(scheduler.pending('first'), { kind: 'note', dueAt: 100, id: 2, tenantId: null, dedupeKey: 'first', payload: '{"n":"first"}' })
  scheduler.schedule(note, null, 100, { n: 'third' })
  await clock.advanceTo(1000)
  t.same(seen, ['first', 'second', 'third', 'late'], 'kept jobs and a new one run in (due time, insertion) order')
  t.equal(scheduler.count(), 0)
})
