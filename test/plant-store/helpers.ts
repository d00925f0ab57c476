import type { Test } from 'tap'
import type { UnimockApp } from '../../src/app.js'

export interface Sent {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  text: string
  body: any
}

/** Sends raw text as the body (so int64 digits reach the server untouched) and parses the answer when it is JSON. */
export async function send (app: UnimockApp, method: string, url: string, payload?: string | object, headers: Record<string, string> = {}): Promise<Sent> {
  const text = typeof payload === 'object' ? JSON.stringify(payload) : payload
  const withType = text !== undefined && !hasHeader(headers, 'content-type') ? { 'content-type': 'application/json', ...headers } : headers
  const res = await app.inject({ method: method as 'GET', url, payload: text, headers: withType })
  let body: unknown
  try { body = res.body === '' ? undefined : JSON.parse(res.body) } catch { body = undefined }
  return { status: res.statusCode, headers: res.headers, text: res.body, body }
}

function hasHeader (headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name)
}

/** Asserts the plant store error shape: `{code, type: "error", message}` as application/json with the given status. */
export function isPlantError (t: Test, res: Sent, status: number, messageIncludes?: string | RegExp): void {
  t.equal(res.status, status, `status ${status}`)
  t.equal(res.headers['content-type'], 'application/json', 'JSON content type')
  t.same(Object.keys(res.body ?? {}).sort(), ['code', 'message', 'type'], 'exactly code, type, message')
  t.equal(res.body?.code, status, 'code is the HTTP status')
  t.equal(res.body?.type, 'error')
  t.type(res.body?.message, 'string')
  if (messageIncludes !== undefined) t.match(res.body?.message, messageIncludes)
}

export const ids = (plants: Array<{ id: number }>): number[] => plants.map((p) => p.id)
