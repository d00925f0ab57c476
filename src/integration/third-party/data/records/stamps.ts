import type { Clock } from '../../../../core/clock.js'
import { MICROS_PER_MS } from '../../../../core/timestamps.js'

/**
 * The microsecond instants sync passes and writes stamp as `modified_at`, per linked account. Each gets a
 * stamp strictly after the clock's current millisecond and after every earlier stamp of that account: a
 * client that read the clock at T (milliseconds) and later asks the account for `modified_after=T` sees
 * everything written at or after T, even within the same millisecond, and two passes never share a stamp.
 * A sync's `last_sync_finished` taken from `next()` after its last pass is therefore later than every record
 * that sync wrote.
 *
 * Per account, not per server: each API key has its own clock (#19), and a series shared by every key would
 * stamp one key's records and finishes in the time of whichever key had moved furthest ahead.
 */
export class SyncStamps {
  readonly #clock: Clock
  /** The latest stamp an account has stored (after a restart, the series goes on from it). */
  readonly #stored: (accountId: string) => number
  readonly #last = new Map<string, number>()

  constructor (clock: Clock, stored: (accountId: string) => number) {
    this.#clock = clock
    this.#stored = stored
  }

  next (accountId: string, nowMs = this.#clock.now()): number {
    const last = Math.max((this.#last.get(accountId) ?? this.#stored(accountId)) + 1, nowMs * MICROS_PER_MS + 1)
    this.#last.set(accountId, last)
    return last
  }

  /**
   * An account's series is gone (the account was deleted), or every account's. Kept across a tenant's reset
   * of caches: a finish stamp is not stored with the records, so a series read back could repeat one.
   */
  forget (accountId?: string): void {
    if (accountId === undefined) this.#last.clear()
    else this.#last.delete(accountId)
  }
}
