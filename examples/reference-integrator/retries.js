import { setTimeout as sleep } from 'node:timers/promises'
import { MergeError, MergeTimeoutError } from '@mergeapi/merge-node-client'
import { broken } from './broken.js'

/**
 * The retry rules of the spec ("Errors", retry guidance), in one place instead of inside the client (whose own
 * retries are switched off, maxRetries: 0, so that these are the only ones):
 *
 * - 429: wait what Retry-After says (seconds or an HTTP date) before the next call;
 * - 5xx, a network error or a timeout: exponential backoff with jitter, 100-150 ms, 200-300 ms, 400-600 ms;
 * - at most 3 retries, then the error goes to the caller;
 * - 401 or 403: never retried; the account needs relinking (NeedsRelink), which the caller records;
 * - any other status: a mistake in the request, not retried.
 */
export const MAX_RETRIES = 3
export const BACKOFF_BASE_MS = 100

/** The service refused the account token: the integration needs relinking. */
export class NeedsRelink extends Error {
  constructor (status, options) {
    super(`the service answered ${status}: the integration needs relinking`, options)
    this.status = status
  }
}

/** A failed call in one line for the log: the client's messages carry the whole answer body. */
export function describe (error) {
  const status = statusOf(error)
  return status === undefined ? String(error.message).split('\n')[0] : `the service answered ${status}`
}

/** The HTTP status of a failed call, or undefined when no answer came (connection refused or reset, timeout). */
export function statusOf (error) {
  return error instanceof MergeError ? error.statusCode : undefined
}

function isNetworkError (error) {
  return error instanceof MergeTimeoutError || (error instanceof MergeError && error.statusCode === undefined)
}

/** Retry-After in ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs (error) {
  const value = error.rawResponse?.headers?.get?.('retry-after')
  if (value === undefined || value === null || value === '') return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now())
}

/** Doubles each time; the jitter (up to half the step) spreads clients apart and never makes a delay shrink. */
function backoffMs (retry) {
  const step = BACKOFF_BASE_MS * 2 ** retry
  return step + Math.random() * step / 2
}

/** How long to wait before retry number `retry` (0-based), or undefined when the error is not retried. */
function retryDelay (error, retry) {
  const limit = broken('retry-without-limit') ? 5 : MAX_RETRIES
  if (retry >= limit) return undefined
  const status = statusOf(error)
  if (status === 429) {
    const after = retryAfterMs(error)
    if (after === undefined || broken('ignore-retry-after')) return backoffMs(retry)
    // A little over what the service asked for: never a hair early.
    return after + Math.random() * 50
  }
  if (isNetworkError(error) || (status !== undefined && status >= 500)) return backoffMs(retry)
  return undefined
}

/**
 * Runs `call` (one request of the official client) with the rules above. `label` names it in the log.
 * Throws NeedsRelink on 401/403, else the last error.
 */
export async function withRetries (label, call, log = () => {}) {
  for (let retry = 0; ; retry++) {
    try {
      return await call()
    } catch (error) {
      const status = statusOf(error)
      if (status === 401 || status === 403) throw new NeedsRelink(status, { cause: error })
      const wait = retryDelay(error, retry)
      if (wait === undefined) throw error
      log(`${label}: ${describe(error)}; retry ${retry + 1} in ${Math.round(wait)} ms`)
      await sleep(wait)
    }
  }
}
