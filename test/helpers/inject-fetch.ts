import type { UnimockApp } from '../../src/app.js'

/** What the last request answered, byte for byte, before the client touched it. */
export interface RawAnswer { status: number, body: string, contentType: string | undefined }

/**
 * A `fetch` for the official client that goes through `app.inject()`: no port, no socket, and the raw body of
 * every answer is kept so a test can parse it itself (the client parses leniently and hides what it dropped).
 */
export function injectFetch (app: UnimockApp, onAnswer: (answer: RawAnswer) => void): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const headers: Record<string, string> = {}
    new Headers(init?.headers).forEach((value, name) => { headers[name] = value })
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {})
    })
    const contentType = res.headers['content-type']
    onAnswer({ status: res.statusCode, body: res.body, contentType: typeof contentType === 'string' ? contentType : undefined })
    const out = new Headers()
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : String(value))
    const empty = res.statusCode === 204 || res.statusCode === 304 || init?.method === 'HEAD'
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: out })
  }
}
