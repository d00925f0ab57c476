import type { FaultKind } from './webhook-repository.js'

/** A delivery fault in force, as the planner reads it. */
export interface FaultSetting {
  readonly kind: FaultKind
  /** How many more deliveries it affects; null: no count, it stays until cleared. */
  readonly remaining: number | null
  /** The share of deliveries it affects, drawn per delivery; null: every one. */
  readonly fraction: number | null
  readonly delayMs: number | null
}

/** What the faults in force do to one delivery. */
export interface DeliveryPlan {
  readonly dropped: boolean
  readonly duplicate: boolean
  readonly wrongKey: boolean
  /** When its first attempt falls due; null when dropped. */
  readonly dueAt: number | null
  /** The fault kinds applied, in order. */
  readonly applied: readonly string[]
}

/**
 * The delivery fault planner, a function of its inputs: what the faults in force (in the order they were
 * added) do to one delivery made at `now`, and which of them it takes (each counted one it takes is spent by
 * one). A fault with a fraction takes the delivery when its draw, uniform in [0, 1), is below the fraction;
 * `draw` is asked once per such fault reached, in order, so a seeded stream reproduces the plan. A drop ends
 * the plan: the faults after it are neither drawn for nor taken.
 */
export function planDelivery<F extends FaultSetting> (faults: readonly F[], now: number, draw: () => number): { plan: DeliveryPlan, taken: F[] } {
  let dropped = false
  let duplicate = false
  let wrongKey = false
  let dueAt: number | null = now
  const taken: F[] = []
  for (const f of faults) {
    if (f.fraction !== null && !(draw() < f.fraction)) continue
    taken.push(f)
    if (f.kind === 'drop') { dropped = true; dueAt = null; break }
    if (f.kind === 'delay') dueAt = dueAt! + (f.delayMs ?? 0)
    if (f.kind === 'duplicate') duplicate = true
    if (f.kind === 'wrong_signature') wrongKey = true
    // The k-th of N held back by (N-1-k) spacings: N deliveries made close together arrive in reverse order.
    if (f.kind === 'out_of_order') dueAt = dueAt! + ((f.remaining ?? 1) - 1) * (f.delayMs ?? 1000)
  }
  return { plan: { dropped, duplicate, wrongKey, dueAt, applied: taken.map((f) => f.kind) }, taken }
}
