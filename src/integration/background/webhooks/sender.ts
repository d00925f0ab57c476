import { performance } from 'node:perf_hooks'
import type { Dispatcher } from 'undici'
import { retryAfterMs } from './retry-policy.js'

export interface SendResult {
  readonly statusCode: number | null
  readonly error: string | null
  /** The answer's Retry-After, in ms, when it had a readable one. */
  readonly retryAfterMs: number | null
  /** Wall time of the HTTP exchange: the network does not run on the simulated clock. */
  readonly durationMs: number
}

const describe = (error: unknown): string => {
  const e = error as { code?: string, message?: string }
  if (e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') return `timeout: no complete answer within the webhook timeout (${e.code})`
  return [e.code, e.message].filter((x) => x !== undefined && x !== '').join(': ') || String(error)
}

interface Answer {
  readonly statusCode: number
  readonly retryAfter: string | undefined
  readonly date: string | undefined
}

/** The first value of each header the retry policy reads, from undici's raw [name, value, ...] list. */
function answerOf (statusCode: number, raw: Buffer[]): Answer {
  let retryAfter: string | undefined
  let date: string | undefined
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!
    // Only names of the two lengths are decoded: most answers carry neither header.
    if (name.length === 11 && retryAfter === undefined && name.toString('latin1').toLowerCase() === 'retry-after') retryAfter = raw[i + 1]!.toString('latin1')
    else if (name.length === 4 && date === undefined && name.toString('latin1').toLowerCase() === 'date') date = raw[i + 1]!.toString('latin1')
  }
  return { statusCode, retryAfter, date }
}

/**
 * The POST itself, through the dispatcher's own interface: undici's request() wraps every answer in a
 * readable stream, which cost more than the rest of a delivery's HTTP work; the body here is read and
 * dropped as it arrives. Rejects as request() does (undici's errors, with their codes).
 */
function post (dispatcher: Dispatcher, url: string, body: string, signature: string, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    let answer: Answer | undefined
    dispatcher.dispatch({
      origin: target.origin,
      path: target.pathname + target.search,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-merge-webhook-signature': signature },
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs
    }, {
      onConnect: () => {},
      onHeaders: (statusCode: number, raw: Buffer[]) => { answer = answerOf(statusCode, raw); return true },
      onData: () => true,
      onComplete: () => { if (answer !== undefined) resolve(answer); else reject(new Error('the answer ended before its headers')) },
      onError: (error: Error) => { reject(error) }
    } as unknown as Dispatcher.DispatchHandler)
  })
}

/**
 * One POST of a delivery through the injected undici dispatcher. The response timeout covers the headers
 * and the body alike (the real service gives a receiver 30 seconds); the answer's body is read and ignored.
 */
export async function postWebhook (dispatcher: Dispatcher, url: string, body: string, signature: string, timeoutMs: number): Promise<SendResult> {
  const started = performance.now()
  try {
    const res = await post(dispatcher, url, body, signature, timeoutMs)
    return { statusCode: res.statusCode, error: null, retryAfterMs: retryAfterMs(res.retryAfter, res.date), durationMs: Math.round(performance.now() - started) }
  } catch (error) {
    return { statusCode: null, error: describe(error), retryAfterMs: null, durationMs: Math.round(performance.now() - started) }
  }
}
