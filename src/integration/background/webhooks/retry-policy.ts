/**
 * When a webhook delivery is tried again, as a pure function of its attempts so far and the receiver's
 * last answer. The defaults follow the real service ([SK-WH], help center "automatic webhook retries"):
 * - 3 attempts in all;
 * - a 2xx answer delivers; a 4xx answer is final and never retried (429 included, as the real service);
 * - anything else (5xx, no answer, a timeout) is retried: after the receiver's Retry-After when it sent
 *   one (at most an hour), else after about a second, then about two (doubling), each with up to 50%
 *   seeded jitter on top.
 */
export interface RetryPolicy {
  readonly maxAttempts: number
  /** The first retry's wait without Retry-After; each later one doubles it. */
  readonly baseDelayMs: number
  /** Up to this share of the wait is added at random. */
  readonly jitter: number
  /** A longer Retry-After is cut to this. */
  readonly maxRetryAfterMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 1000, jitter: 0.5, maxRetryAfterMs: 3_600_000 }

/** What the receiver answered one attempt. */
export interface AttemptAnswer {
  /** null: no answer (refused, reset, timed out). */
  readonly statusCode: number | null
  /** The answer's Retry-After in ms, when it sent one that could be read. */
  readonly retryAfterMs: number | null
}

export type RetryDecision =
  | { readonly state: 'delivered' }
  | { readonly state: 'failed' }
  | { readonly state: 'pending', readonly retryInMs: number }

/**
 * What follows attempt number `attempts` (1 for the first). `random` is drawn only when the wait is jittered,
 * so a Retry-After takes nothing from the seeded stream.
 */
export function afterAttempt (attempts: number, answer: AttemptAnswer, random: () => number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): RetryDecision {
  const status = answer.statusCode
  if (status !== null && status >= 200 && status < 300) return { state: 'delivered' }
  if ((status !== null && status >= 400 && status < 500) || attempts >= policy.maxAttempts) return { state: 'failed' }
  if (answer.retryAfterMs !== null) return { state: 'pending', retryInMs: Math.min(answer.retryAfterMs, policy.maxRetryAfterMs) }
  const base = policy.baseDelayMs * 2 ** (attempts - 1)
  return { state: 'pending', retryInMs: base + Math.round(base * policy.jitter * random()) }
}

/**
 * A Retry-After header in ms: delay-seconds, or an HTTP date read against the answer's own Date header
 * (the receiver's clock, not ours: the simulated clock may be anywhere). null when unreadable.
 */
export function retryAfterMs (header: string | undefined, date: string | undefined): number | null {
  if (header === undefined) return null
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // An HTTP date names its weekday and month; anything else (a negative number ...) is unreadable.
  if (!/[a-z]/i.test(text)) return null
  const at = Date.parse(text)
  const sent = date === undefined ? NaN : Date.parse(date)
  if (Number.isNaN(at) || Number.isNaN(sent)) return null
  return Math.max(0, at - sent)
}
