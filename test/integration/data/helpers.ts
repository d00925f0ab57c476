import type { Test } from 'tap'
import type { UnimockApp } from '../../../src/app.js'
import type { ConfigInput } from '../../../src/config.js'
import type { VirtualClock } from '../../../src/core/virtual-clock.js'
import { makeApp } from '../../helpers/app.js'
import { Client, type Reply } from '../helpers.js'

/**
 * An app for data tests: these walk whole catalogues and long cursors, far beyond the per-account rate
 * limit of the real service, which is not what they test.
 */
export async function dataApp (t: Test, config: ConfigInput = {}): Promise<{ app: UnimockApp, clock: VirtualClock }> {
  return makeApp(t, { ...({ rateLimit: 'off' } as ConfigInput), ...config })
}

/** A linked account with its simulated third-party data written by explicit sync passes. */
export interface DataAccount {
  readonly id: string
  readonly category: string
  /** Carries the API key and the account token. */
  readonly api: Client
  /** The control API, with the API key. */
  readonly control: Client
  /** One sync pass of one model (or all): what changed remotely becomes visible now. */
  syncPass(modelId?: string, maxRecords?: number): Promise<PassResult[]>
  /** Every page of a list, following `next`, with the same parameters. */
  walk(path: string, query?: Record<string, string>, pageSize?: number): Promise<Array<Record<string, any>>>
}

export interface PassResult {
  readonly model_id: string
  readonly modified_at: string
  readonly created: number
  readonly changed: number
  readonly deleted: number
  readonly rewritten: number
  readonly remaining: number
}

let accounts = 0

/** Creates a complete linked account through the control API and writes all of its data with one pass per model. */
export async function dataAccount (app: UnimockApp, category: string, key = 'test-key', opts: { sync?: boolean } = {}): Promise<DataAccount> {
  const control = new Client(app, key)
  const created = await control.post('/_unimock/linked-accounts', { category, end_user_origin_id: `org-${++accounts}` })
  if (created.statusCode !== 201) throw new Error(`creating a ${category} account answered ${created.statusCode}: ${created.body}`)
  const { id, account_token: token } = created.json()
  const api = control.withAccount(token as string)
  const account: DataAccount = {
    id,
    category,
    api,
    control,
    async syncPass (modelId, maxRecords) {
      const body: Record<string, unknown> = {}
      if (modelId !== undefined) body.model_id = modelId
      if (maxRecords !== undefined) body.max_records = maxRecords
      const res = await control.post(`/_unimock/linked-accounts/${id}/data/sync-pass`, body)
      if (res.statusCode !== 200) throw new Error(`sync-pass answered ${res.statusCode}: ${res.body}`)
      return res.json().results as PassResult[]
    },
    async walk (path, query = {}, pageSize = 30) {
      const out: Array<Record<string, any>> = []
      let cursor: string | null = null
      for (let i = 0; i < 10_000; i++) {
        const params = new URLSearchParams({ ...query, page_size: String(pageSize) })
        if (cursor !== null) params.set('cursor', cursor)
        const res: Reply = await api.get(`${path}?${params.toString()}`)
        if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`)
        const body = res.json()
        out.push(...(body.results as Array<Record<string, any>>))
        cursor = body.next
        if (cursor === null) return out
      }
      throw new Error('walk did not end')
    }
  }
  if (opts.sync !== false) await account.syncPass()
  return account
}

export const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
