import type { UnimockApp } from '../../src/app.js'

export interface Reply {
  readonly statusCode: number
  readonly headers: Record<string, string | string[] | number | undefined>
  readonly body: string
  json<T = any>(): T
}

/** Plain HTTP against the app through inject(), with one API key (and optionally an account token). */
export class Client {
  readonly #app: UnimockApp
  readonly key: string | undefined
  readonly accountToken: string | undefined

  constructor (app: UnimockApp, key: string | undefined, accountToken?: string) {
    this.#app = app
    this.key = key
    this.accountToken = accountToken
  }

  withAccount (accountToken: string | undefined): Client {
    return new Client(this.#app, this.key, accountToken)
  }

  headers (extra: Record<string, string> = {}): Record<string, string> {
    const h: Record<string, string> = {}
    if (this.key !== undefined) h.authorization = `Bearer ${this.key}`
    if (this.accountToken !== undefined) h['x-account-token'] = this.accountToken
    return { ...h, ...extra }
  }

  async get (url: string, headers: Record<string, string> = {}): Promise<Reply> {
    const res = await this.#app.inject({ method: 'GET', url, headers: this.headers(headers) })
    return { statusCode: res.statusCode, headers: res.headers, body: res.body, json: () => JSON.parse(res.body) }
  }

  async post (url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const res = await this.#app.inject({ method: 'POST', url, headers: this.headers(headers), ...(body === undefined ? {} : { payload: body as object }) })
    return { statusCode: res.statusCode, headers: res.headers, body: res.body, json: () => JSON.parse(res.body) }
  }

  async request (method: 'DELETE' | 'PUT' | 'PATCH', url: string, body?: unknown): Promise<Reply> {
    const res = await this.#app.inject({ method, url, headers: this.headers(), ...(body === undefined ? {} : { payload: body as object }) })
    return { statusCode: res.statusCode, headers: res.headers, body: res.body, json: () => JSON.parse(res.body) }
  }

  async linkToken (category: string, body: Record<string, unknown>): Promise<string> {
    const res = await this.post(`/api/${category}/v1/link-token`, body)
    if (res.statusCode !== 200) throw new Error(`link-token answered ${res.statusCode}: ${res.body}`)
    return res.json().link_token as string
  }

  async complete (linkToken: string, body: Record<string, unknown> = {}): Promise<Reply> {
    return this.post(`/_unimock/link-tokens/${encodeURIComponent(linkToken)}/complete`, body)
  }

  /** The whole three-token flow headlessly: link token, completion, exchange. */
  async link (category: string, originId: string, extra: Record<string, unknown> = {}): Promise<{ accountToken: string, accountId: string, publicToken: string }> {
    const linkToken = await this.linkToken(category, { end_user_origin_id: originId, ...extra })
    const done = await this.complete(linkToken)
    if (done.statusCode !== 200) throw new Error(`complete answered ${done.statusCode}: ${done.body}`)
    const publicToken = done.json().public_token as string
    const exchanged = await this.get(`/api/${category}/v1/account-token/${publicToken}`)
    if (exchanged.statusCode !== 200) throw new Error(`account-token answered ${exchanged.statusCode}: ${exchanged.body}`)
    return { accountToken: exchanged.json().account_token, accountId: exchanged.json().id, publicToken }
  }
}

/**
 * Waits until `holds` answers true: for a state the app reaches by itself (a request arriving at its wait on
 * the clock), known from what the app shows rather than assumed after so many turns of the event loop. Each
 * check is followed by one turn, since a request with a body moves on only then.
 */
export async function until (holds: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (await holds()) return
    await new Promise((resolve) => { setImmediate(resolve) })
  }
  throw new Error(`${what}: not after 1000 checks`)
}
