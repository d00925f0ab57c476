import type { Clock } from '../../core/clock.js'
import { MICROS_PER_MS } from '../../core/timestamps.js'

/**
 * The microsecond instants sync passes write as `modified_at`. Each pass gets a stamp strictly after the
 * clock's current millisecond and after every earlier stamp: a client that read the clock at T (milliseconds)
 * and later asks for `modified_after=T` sees everything written at or after T, even within the same
 * millisecond, and two passes never share a stamp. A sync's `last_sync_finished` taken from `next()` after its
 * last pass is therefore later than every record that sync wrote.
 */
export class SyncStamps {
  readonly #clock: Clock
  #last: number

  constructor (clock: Clock, last: number) {
    this.#clock = clock
    this.#last = last
  }

  next (nowMs = this.#clock.now()): number {
    this.#last = Math.max(this.#last + 1, nowMs * MICROS_PER_MS + 1)
    return this.#last
  }

  reset (last: number): void {
    this.#last = last
  }
}
