import t from 'tap'
import { linkedAccount } from '../integration/sync/helpers.js'

// GET /_unimock/overview: the dashboard's first read, the clock, the accounts and their sync summary in one.

t.test('answers what /clock, /linked-accounts and /sync/summary answer for the key, at one instant', async (t) => {
  const s = await linkedAccount(t, { syncInterval: '1h', initialSyncDuration: '10m' })
  const compare = async (when: string): Promise<void> => {
    const res = await s.control('GET', '/overview')
    t.equal(res.statusCode, 200, when)
    const overview = res.json()
    t.same(Object.keys(overview), ['clock', 'linked_accounts', 'sync_summary'])
    t.same(overview.clock, (await s.control('GET', '/clock')).json(), `${when}: the key's clock`)
    t.same(overview.linked_accounts, (await s.control('GET', '/linked-accounts')).json(), `${when}: its accounts`)
    t.same(overview.sync_summary, (await s.control('GET', '/sync/summary')).json(), `${when}: their sync summary`)
  }
  await compare('while the initial syncs run')
  t.equal((await s.control('GET', '/overview')).json().sync_summary.results[0].status_counts.SYNCING > 0, true, 'the summary counts the syncs under way')

  await s.advance('30m')
  t.equal((await s.control('POST', `/linked-accounts/${s.accountId}/relink-needed`)).statusCode, 200)
  t.equal((await s.control('POST', `/linked-accounts/${s.accountId}/pause`)).statusCode, 200)
  await compare('after a relink and a pause')
  const later = (await s.control('GET', '/overview')).json()
  t.equal(later.clock.now, '2026-01-01T00:30:00.000Z', 'the clock moved')
  t.equal(later.linked_accounts.results[0].status, 'RELINK_NEEDED')
  t.equal(later.sync_summary.results[0].paused, true)

  const foreign = await s.app.inject({ method: 'GET', url: '/_unimock/overview', headers: { authorization: 'Bearer someone_else' } })
  t.same(foreign.json().linked_accounts, { results: [] }, 'another key sees none of the accounts')
  t.same(foreign.json().sync_summary, { results: [] })
  const keyless = await s.app.inject({ method: 'GET', url: '/_unimock/overview' })
  t.equal(keyless.statusCode, 401)
  t.match(keyless.json(), { status: 401 }, 'a problem answer')
})
