import t from 'tap'
import { VirtualClock } from '../../src/core/virtual-clock.js'

t.test('virtual clock runs due timers in time order, including ones set while advancing', async (t) => {
  const clock = new VirtualClock(0)
  const seen: string[] = []
  clock.at(300, () => { seen.push(`c@${clock.now()}`) })
  clock.at(100, () => {
    seen.push(`a@${clock.now()}`)
    clock.at(150, () => { seen.push(`nested@${clock.now()}`) })
  })
  clock.at(200, () => { seen.push(`b@${clock.now()}`) })
  clock.at(900, () => { seen.push('late') })
  t.equal(await clock.advanceBy(500), 500)
  t.same(seen, ['a@100', 'nested@150', 'b@200', 'c@300'])
  t.equal(clock.now(), 500)
  t.equal(clock.pendingTimers(), 1, 'the timer beyond the window waits')
})

t.test('equal due times run in the order they were set; cancelled timers never run', async (t) => {
  const clock = new VirtualClock(0)
  const seen: number[] = []
  clock.at(10, () => { seen.push(1) })
  const h = clock.at(10, () => { seen.push(2) })
  clock.at(10, () => { seen.push(3) })
  h.cancel()
  await clock.advanceTo(10)
  t.same(seen, [1, 3])
})

t.test('async callbacks are awaited before the next timer runs', async (t) => {
  const clock = new VirtualClock(0)
  const seen: string[] = []
  clock.at(1, async () => { await Promise.resolve(); seen.push('first done') })
  clock.at(2, () => { seen.push('second') })
  await clock.advanceBy(5)
  t.same(seen, ['first done', 'second'])
})

t.test('moving backwards is refused and leaves the time alone', async (t) => {
  const clock = new VirtualClock(1000)
  await t.rejects(clock.advanceTo(999), /cannot move the virtual clock back/)
  await t.rejects(clock.advanceBy(-1), /only moves forward/)
  t.equal(clock.now(), 1000)
})

t.test('sleep resolves when the clock passes its wake time', async (t) => {
  const clock = new VirtualClock(0)
  let woke = false
  const p = clock.sleep(1000).then(() => { woke = true })
  await clock.advanceBy(999)
  t.equal(woke, false)
  await clock.advanceBy(1)
  await p
  t.equal(woke, true)
})

t.test('rewind returns to the start instant and drops timers', async (t) => {
  const clock = new VirtualClock(50)
  let ran = false
  clock.at(100, () => { ran = true })
  await clock.advanceBy(10)
  clock.rewind()
  t.equal(clock.now(), 50)
  await clock.advanceBy(100)
  t.equal(ran, false)
})

t.test('child clocks: each moves alone, all move with their parent, and a parent waits for advances under way', async (t) => {
  const root = new VirtualClock(0)
  const a = root.child()
  const b = root.child()
  const seen: string[] = []
  a.at(50, () => { seen.push(`a@${a.now()}`) })
  b.at(50, () => { seen.push(`b@${b.now()}`) })
  await a.advanceTo(100)
  t.same([root.now(), a.now(), b.now()], [0, 100, 0], 'a child moves alone')
  t.same(seen, ['a@50'])
  await root.advanceBy(60)
  t.same([root.now(), a.now(), b.now()], [60, 160, 60], 'the parent moves every child by as much')
  t.same(seen, ['a@50', 'b@50'], 'running their timers in its window')

  // Two children's advances run at once; the parent's waits for both.
  let release!: () => void
  a.at(200, () => new Promise<void>((resolve) => { release = resolve }))
  const slow = a.advanceTo(300)
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(await b.advanceBy(10), 70, 'b is not held up by a\'s advance under way')
  let parentDone = false
  const parent = root.advanceBy(5).then(() => { parentDone = true })
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(parentDone, false, 'the parent waits for a')
  release()
  await slow
  await parent
  t.same([root.now(), a.now(), b.now()], [65, 305, 75])
})
