import { performance } from 'node:perf_hooks'
import type { Dispatcher } from 'undici'
import { loadUndici } from '../../core/undici.js'
import { retryAfterMs } from './retry-policy.js'

export interface SendResult {
  readonly statusCode: number | null
  readonly error: string | null
  /** The answer's Retry-After, in ms, when it had a readable one. */
  readonly retryAfterMs: number | null
  /** Wall time of the HTTP exchange: the network does not run on the simulated clock. */
  readonly durationMs: number
}

const header = (value: string | string[] | undefined): string | undefined => Array.isArray(value) ? value[0] : value

const describe = (error: unknown): string => {
  const e = error as { code?: string, message?: string }
  if (e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') return `timeout: no complete answer within the webhook timeout (${e.code})`
  return [e.code, e.message].filter((x) => x !== undefined && x !== '').join(': ') || String(error)
}

/**
 * One POST of a delivery through the injected undici dispatcher. The response timeout covers the headers
 * and the body alike (the real service gives a receiver 30 seconds); the answer's body is read and ignored.
 */
export async function postWebhook (dispatcher: Dispatcher, url: string, body: string, signature: string, timeoutMs: number): Promise<SendResult> {
  const { request } = loadUndici()
  const started = performance.now()
  try {
    const res = await request(url, {
      dispatcher,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-merge-webhook-signature': signature },
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs
    })
    await res.body.dump()
    const retryAfter = retryAfterMs(header(res.headers['retry-after']), header(res.headers.date))
    return { statusCode: res.statusCode, error: null, retryAfterMs: retryAfter, durationMs: Math.round(performance.now() - started) }
  } catch (error) {
    return { statusCode: null, error: describe(error), retryAfterMs: null, durationMs: Math.round(performance.now() - started) }
  }
}
