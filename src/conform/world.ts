import { randomBytes } from 'node:crypto'
import { buildApp, type UnimockApp } from '../app.js'
import type { Clock } from '../core/clock.js'
import { ControlClient, type control_LinkedAccount, type GetLinkedAccountsByIdSyncResult } from '../control-client.js'
import { KitError } from './errors.js'
import { KIT_MARK, PageRecorder } from './page-recorder.js'
import { RunRecord } from './run-record.js'
import { deadline } from './timing.js'

/**
 * The kit's own unimock: started in this process on the real clock (the backend's timers run on real time),
 * accepting only the run's own API key, so nothing the kit does reaches anyone else. Syncs are short (the
 * initial sync of every model takes 300 ms; the kit presets the duration of every later one) and the data
 * small, so a whole run takes seconds.
 */

export type SyncStatusRecord = GetLinkedAccountsByIdSyncResult['sync_status'][number]

export interface WorldOptions {
  readonly port: number
  readonly apiKey?: string
  readonly webhookKey?: string
  /** Bound of each control API call, ms. */
  readonly timeoutMs: number
}

/** Whose link token it is, as unimock issued it. */
export interface IssuedLinkToken {
  readonly accountId: string
  readonly category: string
  readonly originId: string
  readonly state: string
}

const secret = (prefix: string): string => `${prefix}-${randomBytes(9).toString('base64url')}`

/** What the kit's unimock is started with: short syncs, small data, no rate limit of its own to trip over. */
export const WORLD_SETTINGS = {
  clock: 'real',
  logLevel: 'silent',
  initialSyncDuration: '300ms',
  syncPasses: 1,
  dataScale: 0.25,
  rateLimit: 'off',
  fullResyncInterval: '0s',
  webhookTimeout: '10s',
  journalSize: 100_000
} as const

export class World {
  readonly url: string
  readonly apiKey: string
  readonly webhookKey: string
  readonly control: ControlClient
  readonly pages: PageRecorder
  /** The run as this unimock serves it (GET /_unimock/conformance). */
  readonly record: RunRecord
  readonly #app: UnimockApp
  readonly #clock: Clock
  readonly #timeoutMs: number
  readonly #busy: ReadonlyMap<string, number>

  private constructor (app: UnimockApp, url: string, apiKey: string, webhookKey: string, pages: PageRecorder, busy: ReadonlyMap<string, number>, clock: Clock, timeoutMs: number) {
    this.#app = app
    this.#busy = busy
    this.url = url
    this.apiKey = apiKey
    this.webhookKey = webhookKey
    this.pages = pages
    this.#clock = clock
    this.#timeoutMs = timeoutMs
    this.control = new ControlClient({ baseUrl: url, apiKey, fetch: this.fetch })
    this.record = new RunRecord(app, apiKey, clock)
  }

  static async start (options: WorldOptions, clock: Clock): Promise<World> {
    const apiKey = options.apiKey ?? secret('conform')
    const webhookKey = options.webhookKey ?? secret('whsec')
    const app = buildApp({ ...WORLD_SETTINGS, port: options.port, host: '127.0.0.1', apiKeys: [apiKey], webhookSecret: webhookKey }, { clock })
    const pages = new PageRecorder()
    pages.install(app)
    const busy = new Map<string, number>()
    // Requests under way per account token (a held one is in no journal yet): a backend is quiet only without any.
    app.addHook('onRequest', async (request, reply) => {
      const token = request.headers['x-account-token']
      if (typeof token !== 'string') return
      busy.set(token, (busy.get(token) ?? 0) + 1)
      reply.raw.once('close', () => { busy.set(token, busy.get(token)! - 1) })
    })
    try {
      await app.ready()
      await app.listen({ port: options.port, host: '127.0.0.1' })
    } catch (error) {
      await app.close()
      throw new KitError(`unimock could not listen on 127.0.0.1:${options.port}: ${(error as Error).message}`)
    }
    const address = app.server.address()
    const port = typeof address === 'object' && address !== null ? address.port : options.port
    try {
      return new World(app, `http://127.0.0.1:${port}`, apiKey, webhookKey, pages, busy, clock, options.timeoutMs)
    } catch (error) {
      // A listening server nobody holds would keep the process alive after conform() has returned.
      await app.close()
      throw error
    }
  }

  /** fetch bounded by the control timeout. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const bound = deadline(this.#clock, this.#timeoutMs, `unimock ${init?.method ?? 'GET'} ${String(input)}`)
    try {
      return await fetch(input, { ...init, signal: bound.signal })
    } finally {
      bound.done()
    }
  }

  /** Whether unimock is serving a request made with this account token right now. */
  busy (accountToken: string): boolean {
    return (this.#busy.get(accountToken) ?? 0) > 0
  }

  /** The link token's account as unimock issued it; undefined for a token unimock never issued. */
  linkToken (token: string): IssuedLinkToken | undefined {
    const view = this.#app.unified.link.view(token)
    if (view === undefined) return undefined
    return { accountId: view.account.id, category: view.account.category, originId: view.account.endUserOriginId, state: view.state }
  }

  /**
   * A link token the kit asks for itself (marked as the kit's), for an origin id no backend knows: its public
   * token is one no pending record of the backend awaits.
   */
  async kitLinkToken (category: string, originId: string): Promise<string> {
    const res = await this.fetch(`${this.url}/api/${category}/v1/link-token?${KIT_MARK}=kit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ end_user_origin_id: originId, end_user_organization_name: 'Conformance kit', end_user_email_address: 'kit@conform.example', categories: [category] })
    })
    if (!res.ok) throw new Error(`unimock POST /api/${category}/v1/link-token answered ${res.status}: ${await res.text()}`)
    return (await res.json() as { link_token: string }).link_token
  }

  /**
   * The category's webhook targets replaced by one to `url`: for every event (events null), for some, or
   * none at all (url undefined). What the category's accounts get from then on; the kit does this only to a
   * category one check holds alone.
   */
  async retarget (category: string, url: string | undefined, events: readonly string[] | null = null): Promise<void> {
    const targets = (await this.control.getWebhooksTargets()).results.filter((t) => t.category === category)
    for (const t of targets) await this.control.deleteWebhooksTargetsById({ id: t.id })
    if (url !== undefined) await this.control.postWebhooksTargets({ url, category, ...(events === null ? {} : { events: [...events] }) })
  }

  async accounts (): Promise<control_LinkedAccount[]> {
    return (await this.control.getLinkedAccounts()).results
  }

  async account (id: string): Promise<control_LinkedAccount | undefined> {
    return (await this.accounts()).find((a) => a.id === id)
  }

  async syncStatus (accountId: string): Promise<SyncStatusRecord[]> {
    return (await this.control.getLinkedAccountsByIdSync({ id: accountId })).sync_status
  }

  /**
   * Every record of a list as the service holds it, read by the kit itself (marked as the kit's): the gap
   * detector's truth.
   */
  async readAll (path: string, accountToken: string, query: Record<string, string>): Promise<Array<{ id: string, modified_at: string }>> {
    const out: Array<{ id: string, modified_at: string }> = []
    let cursor: string | null = null
    do {
      const search = new URLSearchParams({ ...query, page_size: '100', [KIT_MARK]: 'truth', ...(cursor === null ? {} : { cursor }) })
      const res = await this.fetch(`${this.url}${path}?${search.toString()}`, {
        headers: { authorization: `Bearer ${this.apiKey}`, 'x-account-token': accountToken }
      })
      if (!res.ok) throw new Error(`unimock GET ${path} answered ${res.status}: ${await res.text()}`)
      const page = await res.json() as { next: string | null, results: Array<{ id: string, modified_at: string }> }
      out.push(...page.results.map((r) => ({ id: r.id, modified_at: r.modified_at })))
      cursor = page.next
    } while (cursor !== null)
    return out
  }

  async close (): Promise<void> {
    await this.#app.close()
  }
}
