import { between, combine, unit } from '../../../../core/hash.js'

/**
 * How the simulated third-party system changes after linking. Time after the account's anchor is cut into
 * one-minute epochs; each epoch deterministically creates, changes and deletes a few records, at daily rates
 * relative to the initial population. Nothing is stored: a sync pass replays the epochs it has not applied
 * yet, in order, and remembers how far it got (epoch, operation), so a partial pass resumes exactly there.
 */

export const EPOCH_MS = 60_000
const DAY_MS = 86_400_000

/**
 * How far back a replay goes minute by minute: 14 days, when an account idle that long is paused. Epochs older
 * than that when a pass replays them (an account resumed after a long pause, a clock jump of years) are folded
 * into one batch (`fold`) worth at most another 14 days of churn: after months or years away the remote has
 * changed, but a company of 100 has not grown to 36,000, and the work of a gap does not grow with its length
 * (#19). An account that syncs at any interval up to 14 days never lags that far: its bytes are unchanged.
 */
export const FOLD_EPOCHS = 14 * DAY_MS / EPOCH_MS

/** The churn of a folded span: how many records it creates, changes and deletes, applied as one remote edit. */
export interface FoldedChurn {
  readonly created: number
  readonly changed: number
  readonly deleted: number
}

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

  /** Where a replay from `epoch` (at the start of it) up to `currentEpoch` folds to, if it lags past FOLD_EPOCHS. */
  static foldEnd (epoch: number, currentEpoch: number): number | undefined {
    return currentEpoch - epoch > FOLD_EPOCHS ? currentEpoch - FOLD_EPOCHS : undefined
  }

  /**
   * The churn of epochs (from, to] as one batch: each kind's expected count over the span, the span counted as
   * FOLD_EPOCHS at most (rounded by a hash of the span, so a replay of the same span folds the same way);
   * changes and deletes at most the records the remote held.
   */
  fold (from: number, to: number, remoteCount: number): FoldedChurn {
    const h = combine(combine(this.#setHash, 0xf01d), to)
    const span = Math.min(to - from, FOLD_EPOCHS)
    const expected = (rate: number, salt: number): number => {
      const x = rate * this.#initial * span * EPOCH_MS / DAY_MS
      return Math.floor(x) + (unit(combine(h, salt)) < x - Math.floor(x) ? 1 : 0)
    }
    return {
      created: expected(this.#rates.created, 1),
      changed: Math.min(remoteCount, expected(this.#rates.changed, 2)),
      deleted: Math.min(remoteCount, expected(this.#rates.deleted, 3))
    }
  }

  /** Operations due between a position and the current epoch, without applying them (a long lag folded, as a pass would). */
  pending (from: { epoch: number, op: number, remoteCount: number }, currentEpoch: number): number {
    let total = 0
    let count = from.remoteCount
    let start = from.epoch
    const foldTo = from.op === 0 ? RemoteChanges.foldEnd(from.epoch, currentEpoch) : undefined
    if (foldTo !== undefined) {
      const folded = this.fold(from.epoch, foldTo, count)
      total += folded.created + folded.changed + folded.deleted
      count += folded.created
      start = foldTo
    }
    for (let e = start + 1; e <= currentEpoch; e++) {
      const ops = this.ops(e, count)
      total += e === from.epoch + 1 ? Math.max(0, ops.length - from.op) : ops.length
      count += this.created(ops)
    }
    return total
  }
}
