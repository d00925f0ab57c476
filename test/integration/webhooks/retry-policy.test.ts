import t from 'tap'
import { afterAttempt, DEFAULT_RETRY_POLICY, retryAfterMs } from '../../../src/integration/background/webhooks/retry-policy.js'

/** The retry policy on its own: a pure function of the attempts so far and the receiver's answer. */

const answer = (statusCode: number | null, retryAfter: number | null = null) => ({ statusCode, retryAfterMs: retryAfter })
const never = (): number => { throw new Error('no jitter drawn') }

t.test('the defaults: 3 attempts, 1 s then 2 s, up to 50% jitter, a Retry-After of at most an hour', async (t) => {
  t.same(DEFAULT_RETRY_POLICY, { maxAttempts: 3, baseDelayMs: 1000, jitter: 0.5, maxRetryAfterMs: 3_600_000 })
})

t.test('a 2xx delivers; a 4xx is final, 429 included; the third failure is final', async (t) => {
  for (const status of [200, 201, 204, 299]) t.same(afterAttempt(1, answer(status), never), { state: 'delivered' }, `${status}`)
  for (const status of [400, 404, 410, 429, 499]) t.same(afterAttempt(1, answer(status), never), { state: 'failed' }, `${status}`)
  t.same(afterAttempt(3, answer(500), never), { state: 'failed' })
  t.same(afterAttempt(3, answer(null, 0), never), { state: 'failed' }, 'a Retry-After does not buy a fourth attempt')
  t.same(afterAttempt(3, answer(200), never), { state: 'delivered' })
})

t.test('5xx, 3xx and no answer are retried with doubling, jittered backoff', async (t) => {
  for (const status of [500, 503, 302, null]) t.equal(afterAttempt(1, answer(status), () => 0).state, 'pending', `${status}`)
  t.same(afterAttempt(1, answer(500), () => 0), { state: 'pending', retryInMs: 1000 })
  t.same(afterAttempt(1, answer(500), () => 0.999), { state: 'pending', retryInMs: 1500 })
  t.same(afterAttempt(2, answer(null), () => 0), { state: 'pending', retryInMs: 2000 })
  t.same(afterAttempt(2, answer(null), () => 0.5), { state: 'pending', retryInMs: 2500 })
  const custom = { maxAttempts: 5, baseDelayMs: 100, jitter: 0, maxRetryAfterMs: 1000 }
  t.same([1, 2, 3, 4].map((n) => afterAttempt(n, answer(502), () => 0.9, custom)), [
    { state: 'pending', retryInMs: 100 }, { state: 'pending', retryInMs: 200 }, { state: 'pending', retryInMs: 400 }, { state: 'pending', retryInMs: 800 }
  ])
  t.same(afterAttempt(5, answer(502), () => 0.9, custom), { state: 'failed' })
})

t.test('the receiver\'s Retry-After replaces the backoff, draws no jitter, and is capped', async (t) => {
  t.same(afterAttempt(1, answer(503, 30_000), never), { state: 'pending', retryInMs: 30_000 })
  t.same(afterAttempt(2, answer(503, 0), never), { state: 'pending', retryInMs: 0 })
  t.same(afterAttempt(1, answer(503, 86_400_000), never), { state: 'pending', retryInMs: 3_600_000 })
  t.same(afterAttempt(1, answer(404, 5000), never), { state: 'failed' }, 'a 4xx stays final')
})

t.test('Retry-After reads delay-seconds, or an HTTP date against the answer\'s own Date', async (t) => {
  t.equal(retryAfterMs(undefined, undefined), null)
  t.equal(retryAfterMs('120', undefined), 120_000)
  t.equal(retryAfterMs(' 0 ', undefined), 0)
  const date = 'Wed, 21 Oct 2026 07:28:00 GMT'
  t.equal(retryAfterMs('Wed, 21 Oct 2026 07:28:30 GMT', date), 30_000)
  t.equal(retryAfterMs('Wed, 21 Oct 2026 07:27:00 GMT', date), 0, 'a date in the past: at once')
  t.equal(retryAfterMs('Wed, 21 Oct 2026 07:28:30 GMT', undefined), null, 'no Date to read it against')
  t.equal(retryAfterMs('soon', date), null)
  t.equal(retryAfterMs('-5', date), null)
})
