import t from 'tap'
import { join } from 'node:path'
import { VirtualClock } from '../../src/core/virtual-clock.js'
import { openDatabase } from '../../src/store/database.js'
import { Scheduler } from '../../src/jobs/scheduler.js'
import { TenantClocks } from '../../src/core/tenant-clocks.js'

/** A kind whose failure leaves nothing of its own: these tests are about the scheduler. */
const noOutcome = (): void => {}
const quiet = { warn: () => {}, error: () => {} }

function setup (path = ':memory:', start = 0) {
  const db = openDatabase(path)
  const clock = new VirtualClock(start)
  const clocks = new TenantClocks(clock)
  const scheduler = new Scheduler(db, clocks.clock, quiet)
  return { db, clock, clocks, scheduler }
}

t.test('due jobs run in (due time, insertion) order when the clock advances past them', async (t) => {
  const { clock, scheduler, db } = setup()
  t.teardown(() => db.close())
  const seen: string[] = []
  const note = scheduler.define<{ n: string }>('note', ({ n }, now) => { seen.push(`${n}@${now}`) }, noOutcome)
  scheduler.start()
  scheduler.schedule(note, null, 300, { n: 'c' })
  scheduler.schedule(note, null, 100, { n: 'a' })
  scheduler.schedule(note, null, 100, { n: 'b' })
  scheduler.schedule(note, null, 1000, { n: 'late' })
  await clock.advanceTo(500)
  t.same(seen, ['a@100', 'b@100', 'c@300'])
  t.equal(scheduler.count(), 1)
})

t.test('a handler can schedule follow-up work that runs within the same advance', async (t) => {
  const { clock, scheduler, db } = setup()
  t.teardown(() => db.close())
  const ticks: number[] = []
  const tick = scheduler.define<Record<string, never>>('tick', (_payload, now) => {
    ticks.push(now)
    if (ticks.length < 5) scheduler.schedule(tick, null, now + 60_000, {})
  }, noOutcome)
  scheduler.start()
  scheduler.schedule(tick, null, 60_000, {})
  await clock.advanceTo(10 * 60_000)
  t.same(ticks, [60_000, 120_000, 180_000, 240_000, 300_000])
})

t.test('a dedupe key keeps one pending job per key: rescheduling moves it', async (t) => {
  const { clock, scheduler, db } = setup()
  t.teardown(() => db.close())
  const seen: number[] = []
  const sync = scheduler.define<Record<string, never>>('sync', (_payload, now) => { seen.push(now) }, noOutcome)
  scheduler.start()
  scheduler.schedule(sync, null, 100, {}, 'acct-1:Employee')
  scheduler.schedule(sync, null, 50, {}, 'acct-1:Employee')
  t.equal(scheduler.count(), 1)
  t.equal(scheduler.pending('acct-1:Employee')?.dueAt, 50)
  await clock.advanceTo(200)
  t.same(seen, [50])
  scheduler.schedule(sync, null, 300, {}, 'acct-1:Employee')
  scheduler.cancel('acct-1:Employee')
  await clock.advanceTo(400)
  t.same(seen, [50], 'a cancelled job never runs')
})

t.test('a failing handler rolls back its writes, its kind records the failure, a warn line, and later jobs run', async (t) => {
  const { clock, db } = setup()
  t.teardown(() => db.close())
  db.exec('CREATE TABLE notes (n TEXT)')
  const insert = db.prepare('INSERT INTO notes VALUES (?)')
  const lines: string[] = []
  const s = new Scheduler(db, new TenantClocks(clock).clock, { warn: (o, msg) => { lines.push(`warn ${msg} ${(o as { reason: string }).reason}`) }, error: (_o, msg) => { lines.push(`error ${msg}`) } })
  const write = s.define<{ n: string }>('write', ({ n }) => {
    insert.run(n)
    if (n === 'bad') throw new Error('boom')
  }, ({ n }, reason) => { insert.run(`${n} failed: ${reason}`) })
  s.start()
  s.schedule(write, null, 10, { n: 'bad' })
  s.schedule(write, null, 20, { n: 'good' })
  await clock.advanceTo(30)
  t.same(db.prepare('SELECT n FROM notes').pluck().all(), ['bad failed: boom', 'good'], 'the failed job\'s writes rolled back; its failure outcome stayed')
  t.same(lines, ['warn job failed; its outcome is recorded as failed boom'])
  t.equal(s.count(), 0)
})

t.test('a failure outcome that throws too is logged at error and the job dropped', async (t) => {
  const { clock, db } = setup()
  t.teardown(() => db.close())
  const lines: string[] = []
  const s = new Scheduler(db, new TenantClocks(clock).clock, { warn: (_o, msg) => { lines.push(`warn ${msg}`) }, error: (_o, msg) => { lines.push(`error ${msg}`) } })
  const ran: number[] = []
  const bad = s.define<{ n: number }>('bad', ({ n }) => { ran.push(n); if (n === 1) throw new Error('boom') }, () => { throw new Error('again') })
  s.start()
  s.schedule(bad, null, 10, { n: 1 })
  s.schedule(bad, null, 20, { n: 2 })
  await clock.advanceTo(30)
  t.same(ran, [1, 2])
  t.same(lines, ['warn job failed; its outcome is recorded as failed', 'error job failed and so did recording its failure; dropped'])
  t.equal(s.count(), 0)
})

t.test('async follow-up work runs after the transaction, before the next job', async (t) => {
  const { clock, scheduler, db } = setup()
  t.teardown(() => db.close())
  const seen: string[] = []
  const send = scheduler.define<{ n: number }>('send', ({ n }) => ({
    after: async () => { await Promise.resolve(); seen.push(`sent ${n}`) }
  }), noOutcome)
  scheduler.start()
  scheduler.schedule(send, null, 1, { n: 1 })
  scheduler.schedule(send, null, 1, { n: 2 })
  await clock.advanceTo(1)
  t.same(seen, ['sent 1', 'sent 2'])
})

t.test('pending jobs survive a restart with a file database and run once', async (t) => {
  const path = join(t.testdir(), 'jobs.db')
  const first = setup(path)
  const ran: string[] = []
  const note = first.scheduler.define<{ n: string }>('note', ({ n }) => { ran.push(n) }, noOutcome)
  first.scheduler.start()
  first.scheduler.schedule(note, null, 5_000, { n: 'x' }, 'k')
  first.scheduler.schedule(note, null, 1_000, { n: 'early' })
  await first.clock.advanceTo(2_000)
  t.same(ran, ['early'])
  first.scheduler.stop()
  first.db.close()

  const second = setup(path, 2_000)
  second.scheduler.define<{ n: string }>('note', ({ n }) => { ran.push(n) }, noOutcome)
  second.scheduler.start()
  await second.clock.advanceTo(10_000)
  t.same(ran, ['early', 'x'], 'the pending job ran after the restart; the finished one did not repeat')
  second.db.close()
})

t.test('the scheduler counts the jobs it ran by kind; clear resets the count', async (t) => {
  const { clock, scheduler, db } = setup()
  t.teardown(() => db.close())
  const a = scheduler.define<Record<string, never>>('a', () => {}, noOutcome)
  const b = scheduler.define<Record<string, never>>('b', () => {}, noOutcome)
  scheduler.start()
  scheduler.schedule(a, null, 1, {})
  scheduler.schedule(a, null, 2, {})
  scheduler.schedule(b, null, 3, {})
  scheduler.schedule(b, null, 99, {})
  await clock.advanceTo(10)
  t.same(scheduler.ranByKind(), { a: 2, b: 1 })
  t.equal(scheduler.count(), 1)
  scheduler.clear()
  t.same(scheduler.ranByKind(), {})
})

t.test('each job kind is defined once, with its handler', async (t) => {
  const { scheduler, db } = setup()
  t.teardown(() => db.close())
  scheduler.define<{ n: number }>('once', () => {}, noOutcome)
  t.throws(() => scheduler.define<{ n: number }>('once', () => {}, noOutcome), /already defined/)
  t.same(scheduler.kinds(), ['once'])
})

t.test('scheduleEarliest keeps the earlier of the pending job and the new one: one wake-up, at the first time asked', async (t) => {
  const { clock, scheduler, db } = setup()
  t.teardown(() => db.close())
  const seen: number[] = []
  const wake = scheduler.define<Record<string, never>>('wake', (_payload, now) => { seen.push(now) }, noOutcome)
  scheduler.start()
  scheduler.scheduleEarliest(wake, null, 100, {}, 'wake')
  scheduler.scheduleEarliest(wake, null, 300, {}, 'wake')
  t.equal(scheduler.pending('wake')?.dueAt, 100, 'a later wake-up leaves the earlier one')
  scheduler.scheduleEarliest(wake, null, 50, {}, 'wake')
  t.equal(scheduler.pending('wake')?.dueAt, 50, 'an earlier one moves it forward')
  t.equal(scheduler.count(), 1)
  await clock.advanceTo(1000)
  t.same(seen, [50])
})

t.test("a tenant's jobs fall due on its own clock: advancing it runs them alone, in its time", async (t) => {
  const { clock, clocks, scheduler, db } = setup()
  t.teardown(() => db.close())
  const seen: string[] = []
  const note = scheduler.define<{ n: string }>('note', ({ n }, now) => {
    // The handler's reads of the injected clock are the job's tenant's time too.
    seen.push(`${n}@${now}/${clocks.clock.now()}`)
  }, noOutcome)
  scheduler.start()
  scheduler.schedule(note, 1, 100, { n: 'one' })
  scheduler.schedule(note, 2, 100, { n: 'two' })
  scheduler.schedule(note, null, 100, { n: 'server' })
  await clocks.virtualOf(1)!.advanceTo(1_000)
  t.same(seen, ['one@100/100'], 'only tenant 1 moved')
  t.equal(clocks.of(1).now(), 1_000)
  t.equal(clocks.of(2).now(), 0)
  t.equal(clock.now(), 0)

  scheduler.schedule(note, 1, 1_050, { n: 'one-later' })
  await clock.advanceBy(100)
  // Tenant 1 is 1000 ahead: its job at 1050 falls due 50 into the server's move, before the others' at 100.
  t.same(seen, ['one@100/100', 'one-later@1050/1050', 'two@100/100', 'server@100/100'], 'the server clock moves every tenant by as much, in time order')
  t.equal(clocks.of(1).now(), 1_100)
  t.equal(clocks.of(2).now(), 100)
})

t.test("clearing a tenant's jobs leaves the others'", async (t) => {
  const { clock, scheduler, db } = setup()
  t.teardown(() => db.close())
  const seen: string[] = []
  const note = scheduler.define<{ n: string }>('note', ({ n }) => { seen.push(n) }, noOutcome)
  scheduler.start()
  scheduler.schedule(note, 1, 10, { n: 'one' })
  scheduler.schedule(note, 2, 10, { n: 'two' })
  scheduler.clearTenant(1)
  await clock.advanceTo(100)
  t.same(seen, ['two'])
})
