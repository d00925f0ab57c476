import { answeredMs, atMs, line, type Entry } from '../journal.js'
import { fail, pass, type Finding } from '../verdict.js'

/**
 * The retry guidance as a pure judgement of one call's attempts: "retry with exponential backoff and random
 * jitter, for example up to 3 retries". What it rules out is a schedule no jittered exponential backoff gives:
 * no retry at all, more than 3, or retries at once (every delay under IMMEDIATE_MS). What it does not rule out:
 * a delay shorter than the one before it. With full jitter (each delay drawn from 0 to base·2^n) or equal jitter
 * (half of it fixed) any few positive delays are possible draws, and a busy machine only makes a timer later;
 * "each delay longer than the one before" would fail correct backends.
 */

export const MAX_RETRIES = 3
/** Under this a retry is "at once": no backoff at all. */
export const IMMEDIATE_MS = 5

/** The delays between attempts: from one attempt's answer to the next attempt's arrival. */
export function delaysOf (attempts: readonly Entry[]): number[] {
  return attempts.slice(1).map((e, i) => Math.round(atMs(e) - answeredMs(attempts[i]!)))
}

export function judgeSchedule (attempts: readonly Entry[], what: string, answers: readonly string[]): Finding {
  const delays = delaysOf(attempts)
  const evidence = { requests: attempts.map(line), answers: [...answers] }
  if (attempts.length === 1) return fail(`the backend did not retry after ${what}`, { expected: `retries with exponential backoff and jitter (up to ${MAX_RETRIES})`, got: 'one attempt', ...evidence })
  if (attempts.length > MAX_RETRIES + 1) return fail(`the backend retried ${attempts.length - 1}+ times after ${what}`, { expected: `at most ${MAX_RETRIES} retries`, got: `${attempts.length} attempts of the same request`, ...evidence })
  if (delays.every((d) => d < IMMEDIATE_MS)) return fail(`the backend retried at once after ${what}: no backoff`, { expected: 'retries after a growing, jittered delay', got: `${delays.join(', ')} ms between attempts`, ...evidence })
  return pass(`after ${what}: ${attempts.length - 1} retr${attempts.length === 2 ? 'y' : 'ies'}, ${delays.join(', ')} ms apart (a schedule exponential backoff with jitter gives)`)
}

/** How early a correct wait may look: a timer of the backend against the stamps of another process's clock. */
export const TIMER_MS = 2

/**
 * Retry-After, judged from the moment the 429's request arrived. The backend cannot read the answer before its
 * request arrived, so a correct wait counted from there is never short, however loaded the machine. The
 * answer's own moment is not a safe start: it is stamped when unimock's event loop saw the write finish, which
 * under load comes well after the backend had read it (a correct 1 s wait once measured 982 ms that way). What
 * the leniency admits is a wait short by the server's handling time, a few milliseconds.
 */
export function judgeRetryAfter (limited: Entry, next: Entry, seconds: number, answers: readonly string[]): Finding {
  const waited = Math.round(atMs(next) - atMs(limited))
  if (waited >= seconds * 1000 - TIMER_MS) return pass(`after the 429 (Retry-After: ${seconds}) the same read came again ${waited} ms after the 429's request`)
  return fail(`the read came again ${waited} ms after a 429 with Retry-After: ${seconds}`, {
    expected: `the next attempt at least ${seconds * 1000} ms after the 429 (counted from its request's arrival, the most a backend can be granted)`,
    got: `${waited} ms`, requests: [line(limited), line(next)], answers: [...answers]
  })
}
