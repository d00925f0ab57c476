import { between, combine, unit } from '../../core/hash.js'

/**
 * How the simulated third-party system changes after linking. Time after the account's anchor is cut into
 * one-minute epochs; each epoch deterministically creates, changes and deletes a few records, at daily rates
 * relative to the initial population. Nothing is stored: a sync pass replays the epochs it has not applied
 * yet, in order, and remembers how far it got (epoch, operation), so a partial pass resumes exactly there.
 */

export const EPOCH_MS = 60_000
const DAY_MS = 86_400_000

export interface ChurnRates {
  /** Fractions of the initial population per day. */
  readonly created: number
  readonly changed: number
  readonly deleted: number
}

export type OpKind = 'create' | 'change' | 'delete'

export interface Op {
  readonly kind: OpKind
  readonly index: number
}

/** The epochs whose changes have happened by `nowMs`: 1..epochAt(now). */
export function epochAt (anchorMs: number, nowMs: number): number {
  return nowMs <= anchorMs ? 0 : Math.floor((nowMs - anchorMs) / EPOCH_MS)
}

/** Expected count per epoch, rounded up or down by a hash so the long-run average is exact. */
function countFor (rate: number, initial: number, h: number): number {
  const expected = rate * initial * EPOCH_MS / DAY_MS
  const whole = Math.floor(expected)
  return whole + (unit(h) < expected - whole ? 1 : 0)
}

export class RemoteChanges {
  readonly #setHash: number
  readonly #initial: number
  readonly #rates: ChurnRates

  constructor (setHash: number, initialCount: number, rates: ChurnRates) {
    this.#setHash = setHash
    this.#initial = initialCount
    this.#rates = rates
  }

  /** Operations of epoch `epoch` (1-based), given how many records the remote held before it. */
  ops (epoch: number, remoteCount: number): Op[] {
    const h = combine(this.#setHash, epoch)
    const created = countFor(this.#rates.created, this.#initial, combine(h, 1))
    const changed = remoteCount === 0 ? 0 : countFor(this.#rates.changed, this.#initial, combine(h, 2))
    const deleted = remoteCount === 0 ? 0 : countFor(this.#rates.deleted, this.#initial, combine(h, 3))
    const ops: Op[] = []
    for (let i = 0; i < created; i++) ops.push({ kind: 'create', index: remoteCount + i })
    for (let i = 0; i < changed; i++) ops.push({ kind: 'change', index: between(combine(h, 100 + i), 0, remoteCount - 1) })
    for (let i = 0; i < deleted; i++) ops.push({ kind: 'delete', index: between(combine(h, 10_000 + i), 0, remoteCount - 1) })
    return ops
  }

  /** How many records an epoch's operations create (what moves the remote count on). */
  created (ops: readonly Op[]): number {
    let n = 0
    for (const op of ops) if (op.kind === 'create') n++
    return n
  }

  /** Operations due between a position and the current epoch, without applying them. */
  pending (from: { epoch: number, op: number, remoteCount: number }, currentEpoch: number): number {
    let total = 0
    let count = from.remoteCount
    for (let e = from.epoch + 1; e <= currentEpoch; e++) {
      const ops = this.ops(e, count)
      total += e === from.epoch + 1 ? Math.max(0, ops.length - from.op) : ops.length
      count += this.created(ops)
    }
    return total
  }
}
