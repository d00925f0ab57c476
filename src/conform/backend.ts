import type { Clock } from '../core/clock.js'
import { BackendFault } from './errors.js'
import { requestFor, type RouteArgs, type RouteMap, type RouteName } from './route-map.js'
import { deadline } from './timing.js'

/**
 * The integrator's backend as the kit calls it: its routes under the prefix, as a logged-in user (the
 * --app-header headers) or, for the webhook route, as the service does (no login). Every call is bounded; a
 * call without an answer, or refused at the socket, is a BackendFault naming what the kit expected. Every
 * answer is kept: no answer to the browser may carry a secret (secrets.not-exposed).
 */

export interface User {
  /** `user 1`, `user 2`: how evidence names them. */
  readonly name: string
  readonly headers: Readonly<Record<string, string>>
}

export interface BackendAnswer {
  /** `POST /api/integrations/exchange-public-token (user 1)` */
  readonly call: string
  readonly status: number
  readonly contentType: string
  readonly text: string
  /** The parsed body when it is JSON; undefined otherwise. */
  readonly json: unknown
  /** When the kit sent the request and when it had the whole answer (kit clock, epoch ms). */
  readonly sentAt: number
  readonly answeredAt: number
  /** Sent with a user's login: an answer to the browser. */
  readonly toBrowser: boolean
}

export type Route = RouteName

const short = (text: string, max = 160): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}

/** `→ 200 {"success":true,...}`: an answer in one line of evidence. */
export function answerLine (a: BackendAnswer): string {
  return `${a.call} → ${a.status} ${short(a.text) || '(empty body)'} (${Math.round(a.answeredAt - a.sentAt)} ms)`
}

/** A JSON object with a boolean success, as every integrator route answers; undefined for anything else. */
export function routeBody (a: BackendAnswer): Record<string, unknown> | undefined {
  const body = a.json
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  return typeof (body as { success?: unknown }).success === 'boolean' ? body as Record<string, unknown> : undefined
}

/** The route's JSON body, or a BackendFault saying what came instead. */
export function expectRouteBody (a: BackendAnswer): Record<string, unknown> {
  const body = routeBody(a)
  if (body !== undefined) return body
  const what = a.json === undefined ? `${a.contentType || 'no content type'}: ${short(a.text, 80) || '(empty body)'}` : `JSON without a boolean success: ${short(a.text, 80)}`
  throw new BackendFault(`expected ${a.call} to answer JSON with a boolean success; got ${a.status} ${what}`)
}

export interface BackendOptions {
  readonly appUrl: string
  readonly prefix: string
  readonly routes: RouteMap
  readonly timeoutMs: number
}

function reason (error: unknown): string {
  const cause = (error as { cause?: { code?: string, message?: string } }).cause
  if (cause?.code === 'ECONNREFUSED') return 'connection refused'
  if (cause?.code === 'ECONNRESET') return 'connection reset'
  if ((error as Error).message === 'bad port') return 'a port fetch refuses to call (a blocked port of the Fetch standard): give the backend another'
  return cause?.message ?? (error as Error).message
}

export class Backend {
  readonly answers: BackendAnswer[] = []
  readonly #o: BackendOptions
  readonly #clock: Clock

  constructor (options: BackendOptions, clock: Clock) {
    this.#o = options
    this.#clock = clock
  }

  url (path: string): string {
    return `${this.#o.appUrl}${this.#o.prefix}${path}`
  }

  get routes (): RouteMap { return this.#o.routes }

  /** A route as the route map places its inputs (the spec's: a JSON body under the prefix), as `user`. */
  async call (user: User, route: Route, args: RouteArgs = {}, timeoutMs = this.#o.timeoutMs): Promise<BackendAnswer> {
    const r = requestFor(this.#o.routes.routes[route], args)
    const headers = { ...user.headers, ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) }
    return await this.#send(r.method, r.path, headers, r.body === undefined ? undefined : JSON.stringify(r.body), user.name, timeoutMs)
  }

  /** The bound of one call, ms (--timeout). */
  get timeoutMs (): number { return this.#o.timeoutMs }

  /** The optional listing of the user's integrations (ids and statuses); undefined when the route map has none. */
  async listing (user: User): Promise<BackendAnswer | undefined> {
    const listing = this.#o.routes.integrations
    if (listing === null) return undefined
    return await this.#send(listing.method, listing.path, { ...user.headers }, undefined, user.name)
  }

  /** POST {prefix}{path} with an empty JSON body and no login: how a path nothing serves answers. */
  async nowhere (path: string): Promise<BackendAnswer> {
    return await this.#send('POST', path, { 'content-type': 'application/json' }, '{}', undefined)
  }

  /** The webhook route of a category (under the prefix): what the service's targets point at. */
  webhookPath (category: string): string {
    return this.#o.routes.webhook.replace('{category}', encodeURIComponent(category))
  }

  /** The webhook route as the service calls it: the raw body, signed (or not), no login. */
  async webhook (category: string, body: string, signature: string | undefined): Promise<BackendAnswer> {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (signature !== undefined) headers['x-merge-webhook-signature'] = signature
    return await this.#send('POST', this.webhookPath(category), headers, body, undefined)
  }

  async #send (method: string, path: string, headers: Record<string, string>, body: string | undefined, userName: string | undefined, timeoutMs = this.#o.timeoutMs): Promise<BackendAnswer> {
    const call = `${method} ${this.#o.prefix}${path}${userName === undefined ? '' : ` (${userName})`}`
    const bound = deadline(this.#clock, timeoutMs, call)
    const sentAt = this.#clock.now()
    try {
      const res = await fetch(this.url(path), { method, headers, body, signal: bound.signal })
      const text = await res.text()
      const contentType = res.headers.get('content-type') ?? ''
      let json: unknown
      if (/json/i.test(contentType) || /^\s*[{[]/.test(text)) {
        try { json = JSON.parse(text) } catch { json = undefined }
      }
      const answer: BackendAnswer = { call, status: res.status, contentType, text, json, sentAt, answeredAt: this.#clock.now(), toBrowser: userName !== undefined }
      this.answers.push(answer)
      return answer
    } catch (error) {
      if (bound.signal.aborted) throw new BackendFault(`expected ${call} to answer within ${timeoutMs} ms; no answer came`)
      throw new BackendFault(`expected ${call} to answer at ${this.url(path)}; got ${reason(error)}`)
    } finally {
      bound.done()
    }
  }
}
