/**
 * Per-key token buckets on the injected clock: `limit` requests a minute, refilled continuously, so a client
 * that spreads its calls never sees a 429 and one that bursts learns exactly how long to wait. Kept in
 * memory: a restart forgets recent bursts, which only ever errs on the side of answering.
 */
export type Take = { readonly ok: true } | { readonly ok: false, readonly retryAfterSeconds: number }

const WINDOW_MS = 60_000

export class RateLimiter {
  readonly #limit: number
  readonly #buckets = new Map<string, { tokens: number, at: number }>()

  constructor (limitPerMinute: number) {
    this.#limit = limitPerMinute
  }

  take (key: string, now: number): Take {
    const bucket = this.#buckets.get(key) ?? { tokens: this.#limit, at: now }
    const refill = ((now - bucket.at) / WINDOW_MS) * this.#limit
    bucket.tokens = Math.min(this.#limit, bucket.tokens + Math.max(0, refill))
    bucket.at = now
    this.#buckets.set(key, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return { ok: true }
    }
    const waitMs = ((1 - bucket.tokens) / this.#limit) * WINDOW_MS
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
  }

  clear (): void { this.#buckets.clear() }
}

/** At most one event per key in a sliding window (FULL resyncs, which are expensive). */
export class OncePerWindow {
  readonly #windowMs: number
  readonly #last = new Map<string, number>()

  constructor (windowMs: number) {
    this.#windowMs = windowMs
  }

  /** undefined when allowed (and recorded); otherwise the seconds to wait. */
  take (key: string, now: number): number | undefined {
    const last = this.#last.get(key)
    if (this.#windowMs > 0 && last !== undefined && now - last < this.#windowMs) {
      return Math.max(1, Math.ceil((last + this.#windowMs - now) / 1000))
    }
    this.#last.set(key, now)
    return undefined
  }

  clear (): void { this.#last.clear() }
}
