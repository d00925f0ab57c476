import t from 'tap'
import { type PassStep, passRecords, planPass } from '../../../src/integration/background/sync/pass-plan.js'

/** How much one pass of a run writes, on its own: plain inputs, no data. */

const step = (pass: number, passes: number, over: Partial<PassStep> = {}): PassStep => ({ kind: 'initial', pass, passes, partial: false, ...over })

t.test('only the first pass of a FULL run rewrites the data set', async (t) => {
  t.equal(planPass(step(1, 4, { kind: 'full' })).rewrite, true)
  t.equal(planPass(step(2, 4, { kind: 'full' })).rewrite, false, 'not its later passes')
  t.equal(planPass(step(1, 4)).rewrite, false, 'not an initial run')
  t.equal(planPass(step(1, 1, { kind: 'incremental' })).rewrite, false, 'not an INCREMENTAL one')
})

t.test('the last pass of a complete run writes everything pending, uncounted', async (t) => {
  t.same(planPass(step(4, 4)), { rewrite: false, all: true })
  t.same(planPass(step(1, 1, { kind: 'periodic' })), { rewrite: false, all: true }, 'a one-pass run is its own last pass')
  t.same(planPass(step(1, 1, { kind: 'full' })), { rewrite: true, all: true }, 'a one-pass FULL run rewrites, then writes it all')
  t.equal(planPass(step(3, 4)).all, false, 'an earlier pass counts')
  t.equal(planPass(step(4, 4, { partial: true })).all, false, 'a PARTIALLY_SYNCED run\'s last pass counts')
})

t.test('earlier passes spread what is pending evenly over the passes left', async (t) => {
  t.same([1, 2, 3].map((n) => passRecords(step(n, 4), 10)), [3, 4, 5], '10 pending: a quarter, a third, a half, rounded up')
  t.equal(passRecords(step(1, 4), 0), 0, 'nothing pending, nothing written')
  t.equal(passRecords(step(3, 4, { partial: true }), 9), 5, 'a PARTIALLY_SYNCED run writes its earlier passes in full')
})

t.test('a PARTIALLY_SYNCED run\'s last pass writes half of what is left, rounded down', async (t) => {
  t.equal(passRecords(step(4, 4, { partial: true }), 9), 4)
  t.equal(passRecords(step(1, 1, { kind: 'periodic', partial: true }), 1), 0, 'one record left stays pending')
})
