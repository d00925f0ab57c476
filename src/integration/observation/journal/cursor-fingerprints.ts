import { fingerprint } from '../../../core/fingerprint.js'

/** Cursors remembered at most; past it the memory starts again (a walk needs only the last few). */
const KEPT = 512

/**
 * A cursor's fingerprint, remembered for the cursors seen last. Each journaled page fingerprints the cursor
 * it answered, and the client's next request brings that very cursor back (or the same page is asked for
 * again): SHA-256 was about 1% of an uncached page's CPU in the server. A fingerprint is a pure function of
 * the cursor, so what is remembered never goes stale; cursors are no secret (the journal shows the query's
 * cursor as sent), so keeping them in memory shows nothing the journal does not.
 */
export class CursorFingerprints {
  readonly #kept = new Map<string, string>()

  of (cursor: string): string {
    let fp = this.#kept.get(cursor)
    if (fp === undefined) {
      fp = fingerprint(cursor)
      if (this.#kept.size >= KEPT) this.#kept.clear()
      this.#kept.set(cursor, fp)
    }
    return fp
  }
}

/** One per process: the fingerprints are the same for every app and every key. */
export const cursorFingerprints = new CursorFingerprints()
