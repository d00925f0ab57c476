import type { Test } from 'tap'
import type { ConfigInput } from '../../../src/config.js'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'
import { type Behaviour, startReceiver } from './receiver.js'

/** An app, a receiver that knows the tenant's signature key, and control helpers that speak only HTTP. */
export async function webhookSetup (t: Test, config: ConfigInput = {}, behaviour?: Behaviour, key = 'test_webhooks') {
  const receiver = await startReceiver(t, behaviour)
  const { app, clock } = await makeApp(t, { rateLimit: 'off', initialSyncDuration: '10m', ...config })
  const api = new Client(app, key)
  const control = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.inject({ method, url: `/_unimock${url}`, headers: api.headers(), ...(payload === undefined ? {} : { payload: payload as object }) })
    return { statusCode: res.statusCode, body: res.body, json: () => JSON.parse(res.body) }
  }
  const advance = async (by: string): Promise<void> => {
    const res = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by } })
    if (res.statusCode !== 200) throw new Error(`advance answered ${res.statusCode}: ${res.body}`)
  }
  const signatureKey = (await control('GET', '/webhooks/signature-key')).json().key as string
  receiver.setKey(signatureKey)
  const addTarget = async (body: Record<string, unknown> = {}) => {
    const res = await control('POST', '/webhooks/targets', { url: `${receiver.url}/hook/{category}`, ...body })
    if (res.statusCode !== 201) throw new Error(`targets answered ${res.statusCode}: ${res.body}`)
    return res.json()
  }
  /** A complete hris account made through the control API (no initial sync is triggered by time alone). */
  const account = async (origin = 'org-1') => {
    const res = await control('POST', '/linked-accounts', { category: 'hris', end_user_origin_id: origin })
    if (res.statusCode !== 201) throw new Error(`linked-accounts answered ${res.statusCode}: ${res.body}`)
    return res.json().id as string
  }
  const send = async (accountId: string, event = 'LinkedAccount.sync_completed') => {
    const res = await control('POST', '/webhooks/send', { event, linked_account_id: accountId })
    if (res.statusCode !== 202) throw new Error(`send answered ${res.statusCode}: ${res.body}`)
    return res.json().results as any[]
  }
  const deliveries = async (query = '') => (await control('GET', `/webhooks/deliveries${query}`)).json().results as any[]
  return { app, clock, api, receiver, control, advance, signatureKey, addTarget, account, send, deliveries }
}
