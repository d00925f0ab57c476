import type { Test } from 'tap'
import { request } from 'undici'
import type { ConfigInput } from '../../../src/config.js'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'

/**
 * An app on a virtual clock with a linked hris account of one API key; control helpers speak HTTP through
 * inject(). `listen()` puts the app on a real loopback port for the faults a socket shows (latency, reset, hang).
 */
export async function faultSetup (t: Test, config: ConfigInput = {}, key = 'test_faults') {
  const { app, clock } = await makeApp(t, { rateLimit: 'off', ...config })
  const api = new Client(app, key)
  const { accountToken, accountId } = await api.link('hris', 'org-faults')
  const account = api.withAccount(accountToken)

  const control = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, client: Client = api) => {
    const res = await app.inject({ method, url: `/_unimock${url}`, headers: client.headers(), ...(payload === undefined ? {} : { payload: payload as object }) })
    return { statusCode: res.statusCode, body: res.body, headers: res.headers, json: () => JSON.parse(res.body) }
  }
  const addFault = async (body: Record<string, unknown>, client: Client = api) => {
    const res = await control('POST', '/faults', body, client)
    if (res.statusCode !== 201) throw new Error(`faults answered ${res.statusCode}: ${res.body}`)
    return res.json()
  }
  const faults = async () => (await control('GET', '/faults')).json().results as any[]

  let base: string | undefined
  const listen = async (): Promise<string> => {
    base ??= await app.listen({ port: 0, host: '127.0.0.1' })
    return base
  }
  /** A GET on the real port with the account's credentials, answered as status, headers and text. */
  const http = async (path: string, options: { headersTimeout?: number, signal?: AbortSignal, headers?: Record<string, string> } = {}) => {
    const res = await request(`${await listen()}${path}`, {
      headers: options.headers ?? account.headers(),
      ...(options.headersTimeout === undefined ? {} : { headersTimeout: options.headersTimeout }),
      ...(options.signal === undefined ? {} : { signal: options.signal })
    })
    return { statusCode: res.statusCode, headers: res.headers, body: await res.body.text() }
  }
  /** Waits (by yielding, not by time) until the fault's hits reach `hits`: the server has the request. */
  const hitCount = async (id: number, hits: number): Promise<void> => {
    for (let i = 0; i < 10_000; i++) {
      if ((await faults()).find((f) => f.id === id)?.hits >= hits) return
      await new Promise((resolve) => setImmediate(resolve))
    }
    throw new Error(`fault ${id} never reached ${hits} hits`)
  }
  return { app, clock, api, account, accountId, accountToken, control, addFault, faults, listen, http, hitCount }
}
