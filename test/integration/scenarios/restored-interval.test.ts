import t from 'tap'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'

/**
 * A run that sets the sync interval sets it back when it ends, and the syncs its interval placed move with
 * it: an account the key had before the run returns to the key's own cadence at once, not after one more
 * sync on the run's.
 */

const HOUR = 3_600_000
const ms = (iso: string): number => Date.parse(iso)

t.test('after a run with a 6h interval, an older account is next due one day after its last sync', async (t) => {
  const { app } = await makeApp(t)
  const key = new Client(app, 'cadence-key')
  const older = await key.link('hris', 'older-customer')
  // Its first periodic sync falls due one day after its initial sync: during the run.
  await key.post('/_unimock/clock/advance', { by: '22h' })
  const run = (await key.post('/_unimock/scenarios/run', {
    scenario: {
      name: 'six-hourly',
      description: 'a day of syncs every six hours',
      settings: { sync_interval: '6h' },
      accounts: [{ ref: 'acme', category: 'ats' }],
      steps: [
        { at: '0s', link: { account: 'acme' } },
        { at: '20h', note: 'the run ends here' }
      ]
    }
  })).json()
  t.equal(run.state, 'passed')
  t.same((await key.get('/_unimock/sync-interval')).json(), { interval_ms: 24 * HOUR, interval: '1d' }, 'the interval is the key\'s again')
  const now = ms((await key.get('/_unimock/clock')).json().now)
  const models = (await key.get(`/_unimock/linked-accounts/${older.accountId}/sync`)).json().sync_status as Array<{ model_id: string, status: string, last_sync_finished: string | null, next_sync_start: string | null }>
  const idle = models.filter((m) => m.status !== 'SYNCING' && m.status !== 'DISABLED' && m.last_sync_finished !== null && m.next_sync_start !== null)
  t.ok(idle.length > 0, `${idle.length} idle models of the older account`)
  for (const m of idle) {
    const last = ms(m.last_sync_finished!)
    const next = ms(m.next_sync_start!)
    t.ok(last > now - 20 * HOUR, `${m.model_id} synced during the run`)
    t.equal(next, Math.max(now, Math.floor(last) + 24 * HOUR), `${m.model_id} is next due one day after its last sync (${m.last_sync_finished} → ${m.next_sync_start})`)
  }
  // Its sync jobs moved too: six hours on (the run's cadence), nothing of the older account has run again.
  await key.post('/_unimock/clock/advance', { by: '7h' })
  const later = (await key.get(`/_unimock/linked-accounts/${older.accountId}/sync`)).json().sync_status as typeof models
  t.same(later.map((m) => m.last_sync_finished), models.map((m) => m.last_sync_finished), 'no sync of the older account ran on the run\'s cadence')
})
