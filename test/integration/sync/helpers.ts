import type { Test } from 'tap'
import type { ConfigInput } from '../../../src/config.js'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'

export interface SyncRecord {
  model_name: string
  model_id: string
  last_sync_start: string | null
  next_sync_start: string | null
  last_sync_result: string | null
  last_sync_finished: string | null
  status: string
  is_initial_sync: boolean
}

/** A linked hris account on a fresh app, with helpers that speak only HTTP. */
export async function linkedAccount (t: Test, config: ConfigInput = {}, extra: Record<string, unknown> = {}) {
  const { app, clock } = await makeApp(t, { rateLimit: 'off', ...config })
  const api = new Client(app, 'test_sync')
  const { accountToken, accountId } = await api.link('hris', 'org-1_hris', extra)
  const account = api.withAccount(accountToken)

  const advance = async (by: string): Promise<void> => {
    const res = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by } })
    if (res.statusCode !== 200) throw new Error(`advance answered ${res.statusCode}: ${res.body}`)
  }
  const statuses = async (): Promise<SyncRecord[]> => {
    const res = await account.get('/api/hris/v1/sync-status?page_size=100')
    if (res.statusCode !== 200) throw new Error(`sync-status answered ${res.statusCode}: ${res.body}`)
    return res.json().results as SyncRecord[]
  }
  const status = async (modelId: string): Promise<SyncRecord> => {
    const found = (await statuses()).find((s) => s.model_id === modelId)
    if (found === undefined) throw new Error(`no sync status for ${modelId}`)
    return found
  }
  /** Every record of a model, walking all pages, with the given extra query. */
  const all = async (segment: string, query = ''): Promise<Array<Record<string, any>>> => {
    const out: Array<Record<string, any>> = []
    let cursor: string | null = null
    do {
      const q = [query, 'page_size=100', cursor === null ? '' : `cursor=${encodeURIComponent(cursor)}`].filter((x) => x !== '').join('&')
      const res = await account.get(`/api/hris/v1/${segment}?${q}`)
      if (res.statusCode !== 200) throw new Error(`${segment} answered ${res.statusCode}: ${res.body}`)
      const body = res.json()
      out.push(...body.results)
      cursor = body.next
    } while (cursor !== null)
    return out
  }
  const control = async (method: 'PUT' | 'POST' | 'GET', url: string, payload?: unknown) => {
    const res = await app.inject({ method, url: `/_unimock${url}`, headers: api.headers(), ...(payload === undefined ? {} : { payload: payload as object }) })
    return { statusCode: res.statusCode, headers: res.headers, json: () => JSON.parse(res.body) }
  }
  return { app, clock, api, account, accountId, accountToken, advance, statuses, status, all, control }
}
