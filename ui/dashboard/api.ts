/** The dashboard's only way to read and act: the control API, with the API key kept in session storage. */

// The key as the server's key list shows it (its first characters), one rule for both.
export { keyHint } from '../../src/integration/base/tenants/seen-keys.js'

const KEY = 'unimock.apiKey'

export const apiKey = {
  get: (): string | null => sessionStorage.getItem(KEY),
  set: (key: string): void => { sessionStorage.setItem(KEY, key) },
  clear: (): void => { sessionStorage.removeItem(KEY) }
}

export class ApiError extends Error {
  constructor (readonly status: number, message: string) { super(message) }
}

const shellRead = (): Promise<Overview | undefined> | undefined => (window as { unimockEarly?: Promise<Overview | undefined> }).unimockEarly

const preloaded = new Map<string, unknown>()

interface Overview { readonly clock: unknown, readonly linked_accounts: unknown, readonly sync_summary: unknown }

/**
 * Waits for the shell's read (GET /_unimock/overview) and keeps its parts under the paths that answer each
 * alone, so the first render already shows the accounts and the clock: one render and one layout instead of
 * an empty page, an effect, and a second render. If the read failed, the views read their paths and show
 * the error.
 */
export async function preload (): Promise<void> {
  const started = shellRead()
  if (started === undefined) return
  try {
    const overview = await started
    if (overview === undefined) return
    preloaded.set('/clock', overview.clock)
    preloaded.set('/linked-accounts', overview.linked_accounts)
    preloaded.set('/sync/summary', overview.sync_summary)
  } catch { /* the views read again */ }
}

/** What preload kept for a path, once. */
export function takePreloaded<T> (path: string): T | undefined {
  const value = preloaded.get(path) as T | undefined
  preloaded.delete(path)
  return value
}

async function call<T> (method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${apiKey.get() ?? ''}` }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`/_unimock${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  const text = await res.text()
  const parsed: unknown = text === '' ? null : JSON.parse(text)
  if (!res.ok) {
    const p = parsed as { detail?: string, title?: string } | null
    throw new ApiError(res.status, p?.detail ?? p?.title ?? `${res.status}`)
  }
  return parsed as T
}

/**
 * An image the control API serves (a failed page check's screenshot), by its URL path: read with the key in
 * the header like every call, since an <img> cannot send one; show it through URL.createObjectURL.
 */
export async function image (path: string): Promise<Blob> {
  const res = await fetch(path, { headers: { authorization: `Bearer ${apiKey.get() ?? ''}` } })
  if (!res.ok) {
    const p = await res.json().catch(() => null) as { detail?: string } | null
    throw new ApiError(res.status, p?.detail ?? `${res.status}`)
  }
  return await res.blob()
}

export const api = {
  get: <T>(path: string): Promise<T> => call<T>('GET', path),
  post: <T>(path: string, body: unknown = {}): Promise<T> => call<T>('POST', path, body),
  put: <T>(path: string, body: unknown): Promise<T> => call<T>('PUT', path, body),
  del: <T>(path: string): Promise<T> => call<T>('DELETE', path)
}

export type Topic = 'accounts' | 'sync' | 'webhooks' | 'requests' | 'clock'
export interface Notice { readonly topics: readonly Topic[], readonly accounts: readonly string[] }

/** The stream as the header shows it; evicted: the key's world went beyond --max-tenants, and the stream ended for good. */
export type StreamState = 'live' | 'reconnecting' | 'evicted'

/**
 * Listens to /_unimock/stream (server-sent events) with the key in a header, where EventSource cannot put
 * it, and reconnects after a second when it ends, except after `evicted`: a reconnect would make the key's
 * world anew, and that would evict the key idle the longest. Returns a function that stops it.
 */
export function listen (onNotice: (n: Notice) => void, onState: (state: StreamState) => void): () => void {
  let stopped = false
  let evicted = false
  let controller: AbortController | undefined
  const connect = async (): Promise<void> => {
    controller = new AbortController()
    try {
      const res = await fetch('/_unimock/stream', { headers: { authorization: `Bearer ${apiKey.get() ?? ''}` }, signal: controller.signal })
      if (!res.ok || res.body === null) throw new ApiError(res.status, 'stream refused')
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
      let buffer = ''
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event = /^event: (.*)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (event === 'ready') onState('live')
          if (event === 'change' && data !== undefined) onNotice(JSON.parse(data) as Notice)
          if (event === 'evicted') evicted = true
        }
      }
    } catch { /* closed or refused: try again below */ }
    if (stopped) return
    onState(evicted ? 'evicted' : 'reconnecting')
    if (!evicted) setTimeout(() => { void connect() }, 1000)
  }
  void connect()
  return () => { stopped = true; controller?.abort() }
}
