import t from 'tap'
import { type FaultSetting, planDelivery } from '../../../src/integration/background/webhooks/fault-planner.js'

/** The delivery fault planner on its own: a pure function of the faults in force, the instant and the draws. */

const NOW = Date.parse('2026-01-01T00:00:00.000Z')
const fault = (kind: FaultSetting['kind'], extra: Partial<FaultSetting> = {}): FaultSetting =>
  ({ kind, remaining: null, fraction: null, delayMs: null, ...extra })
const never = (): number => { throw new Error('no draw expected') }
/** The given draws, in order; a test fails if the planner asks for one more. */
const draws = (...values: number[]): () => number => () => {
  const v = values.shift()
  if (v === undefined) throw new Error('one draw too many')
  return v
}

t.test('no fault: due now, nothing applied, nothing drawn', async (t) => {
  t.same(planDelivery([], NOW, never), { plan: { dropped: false, duplicate: false, wrongKey: false, dueAt: NOW, applied: [] }, taken: [] })
})

t.test('each kind on its own', async (t) => {
  const drop = fault('drop', { remaining: 2 })
  t.same(planDelivery([drop], NOW, never), { plan: { dropped: true, duplicate: false, wrongKey: false, dueAt: null, applied: ['drop'] }, taken: [drop] }, 'drop: never due')
  t.same(planDelivery([fault('delay', { delayMs: 300_000 })], NOW, never).plan, { dropped: false, duplicate: false, wrongKey: false, dueAt: NOW + 300_000, applied: ['delay'] }, 'delay: held back by its delay')
  t.same(planDelivery([fault('duplicate')], NOW, never).plan, { dropped: false, duplicate: true, wrongKey: false, dueAt: NOW, applied: ['duplicate'] })
  t.same(planDelivery([fault('wrong_signature')], NOW, never).plan, { dropped: false, duplicate: false, wrongKey: true, dueAt: NOW, applied: ['wrong_signature'] })
})

t.test('out_of_order: the k-th of N deliveries is held back by N-1-k spacings, so they arrive in reverse', async (t) => {
  const dueAt = (remaining: number, delayMs: number | null = 1000): number | null =>
    planDelivery([fault('out_of_order', { remaining, delayMs })], NOW, never).plan.dueAt
  t.same([3, 2, 1].map((n) => dueAt(n)), [NOW + 2000, NOW + 1000, NOW], 'three deliveries, one second apart by default')
  t.equal(dueAt(4, 250), NOW + 750, 'its own spacing')
  t.equal(dueAt(2, null), NOW + 1000, 'a second when none is given')
})

t.test('faults add up in the order they were added, until a drop ends the plan', async (t) => {
  const delay = fault('delay', { delayMs: 60_000 })
  const order = fault('out_of_order', { remaining: 2, delayMs: 5000 })
  const dup = fault('duplicate')
  const drop = fault('drop')
  const wrong = fault('wrong_signature')
  t.same(planDelivery([delay, order, dup], NOW, never), {
    plan: { dropped: false, duplicate: true, wrongKey: false, dueAt: NOW + 65_000, applied: ['delay', 'out_of_order', 'duplicate'] },
    taken: [delay, order, dup]
  }, 'delays add up')
  t.same(planDelivery([delay, drop, wrong], NOW, never), {
    plan: { dropped: true, duplicate: false, wrongKey: false, dueAt: null, applied: ['delay', 'drop'] },
    taken: [delay, drop]
  }, 'a drop wins; the faults after it are not taken (so not spent)')
})

t.test('a fraction takes the delivery when its draw is below it: one draw per such fault, none after a drop', async (t) => {
  const half = fault('duplicate', { fraction: 0.5 })
  t.same(planDelivery([half], NOW, draws(0.49)).taken, [half], 'a draw below the fraction')
  t.same(planDelivery([half], NOW, draws(0.5)).taken, [], 'a draw at the fraction is not below it')
  t.same(planDelivery([fault('drop', { fraction: 1 })], NOW, draws(0.999_999)).plan.dropped, true, 'a fraction of 1 takes every delivery')
  const counted = fault('delay', { delayMs: 1000 })
  const dropSome = fault('drop', { fraction: 0.3 })
  const wrongSome = fault('wrong_signature', { fraction: 0.3 })
  t.same(planDelivery([dropSome, counted, wrongSome], NOW, draws(0.9, 0.1)), {
    plan: { dropped: false, duplicate: false, wrongKey: true, dueAt: NOW + 1000, applied: ['delay', 'wrong_signature'] },
    taken: [counted, wrongSome]
  }, 'a fault without a fraction draws nothing; each with one draws once, in order')
  t.same(planDelivery([dropSome, wrongSome], NOW, draws(0.1)).plan.applied, ['drop'], 'the drop drawn, the plan ends: no draw for the fault after it')
})

t.test('the faults it takes are the objects it was given, for the caller to spend', async (t) => {
  const stored = { ...fault('delay', { remaining: 3, delayMs: 10 }), seq: 7, tenantId: 1 }
  const { taken } = planDelivery([stored], NOW, never)
  t.equal(taken[0], stored, 'the stored row itself, with its seq')
})
