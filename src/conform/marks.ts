import { formatMicros, parseTimestamp } from '../core/timestamps.js'
import type { Clock } from '../core/clock.js'
import type { Entry } from './journal.js'

/**
 * Evidence by content. A fetch is caused by what told the backend its window's end: the `last_sync_finished`
 * it sends back as `modified_before` (Incremental retrieval 3). So every situation the kit provokes names a
 * `last_sync_finished` nothing else names: a delivery the kit sends carries a mark of its own, a sync the kit
 * starts writes one the service never wrote before. A fetch counts as caused by it only when its window ends
 * there; the backend's own poller, its retries and the genuine syncs' fetches carry other ends and never count.
 */

const us = (value: string | undefined | null): number | undefined => {
  if (value === undefined || value === null) return undefined
  const parsed = parseTimestamp(value)
  return parsed.ok ? parsed.micros : undefined
}

/**
 * The same instant: to the microsecond or, for a backend that keeps milliseconds, to the millisecond (a mark's
 * milliseconds are unique too, so a backend that cuts the microseconds still carries it back).
 */
export function sameInstant (a: string | undefined | null, b: string | undefined | null): boolean {
  const x = us(a); const y = us(b)
  return x !== undefined && y !== undefined && (x === y || Math.floor(x / 1000) === Math.floor(y / 1000))
}

/** Whether the entry's window ends at the mark. */
export const carries = (e: Entry, mark: string): boolean => sameInstant(e.facets.modified_before, mark)

/**
 * Marks for the deliveries the kit makes up: instants of the kit's clock, each at least a millisecond after
 * the one before (unique to the millisecond), with microseconds 917 that no round instant has. A mark taken
 * now is later than any `last_sync_finished` the service has written, so any correct backend that believes
 * the delivery fetches; one set back (`before`) is older than what the backend stored.
 */
export class Marks {
  readonly #clock: Clock
  readonly #used = new Set<number>()
  #last = 0

  constructor (clock: Clock) {
    this.#clock = clock
  }

  /** A new mark, later than every mark before it and than now. */
  next (): string {
    this.#last = Math.max(this.#last + 1, this.#clock.now())
    this.#used.add(this.#last)
    return formatMicros(this.#last * 1000 + 917)
  }

  /** A new mark about `ms` before the given one, on a millisecond no other mark has. */
  before (mark: string, ms: number): string {
    let at = Math.floor(us(mark)! / 1000) - ms
    while (this.#used.has(at)) at--
    this.#used.add(at)
    return formatMicros(at * 1000 + 431)
  }
}
