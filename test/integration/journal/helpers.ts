import type { Test } from 'tap'
import type { ConfigInput } from '../../../src/config.js'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'

/** An app on a virtual clock with one API key's client, and the journal read through the control API. */
export async function journalSetup (t: Test, config: ConfigInput = {}, key = 'test_journal') {
  const { app, clock } = await makeApp(t, { rateLimit: 'off', initialSyncDuration: '10m', ...config })
  const api = new Client(app, key)
  const advance = async (by: string): Promise<void> => {
    const res = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by } })
    if (res.statusCode !== 200) throw new Error(`advance answered ${res.statusCode}: ${res.body}`)
  }
  /** GET /_unimock/requests with a query string; throws unless 200. */
  const journal = async (query = '', client: Client = api): Promise<{ entries: any[], next: number | null, size: number, capacity: number, dropped: number }> => {
    const res = await client.get(`/_unimock/requests${query === '' ? '' : '?' + query}`)
    if (res.statusCode !== 200) throw new Error(`requests answered ${res.statusCode}: ${res.body}`)
    return res.json()
  }
  return { app, clock, api, advance, journal }
}
