import t from 'tap'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'
import { linkedAccount } from './helpers.js'

t.test('a FAILED sync writes nothing, keeps earlier data available, and the next sync recovers', async (t) => {
  const ctx = await linkedAccount(t, { syncInterval: '24h' })
  await ctx.advance('1h')
  const before = await ctx.all('employees', 'include_deleted_data=true')
  const firstFinish = (await ctx.status('hris.Employee')).last_sync_finished

  const preset = await ctx.control('PUT', `/linked-accounts/${ctx.accountId}/next-sync`, { model_id: 'hris.Employee', result: 'FAILED' })
  t.equal(preset.statusCode, 200)
  await ctx.advance('25h')
  const failed = await ctx.status('hris.Employee')
  t.match(failed, { status: 'FAILED', last_sync_result: 'FAILED', is_initial_sync: false })
  t.ok(failed.last_sync_finished! > firstFinish!, 'the failed sync finished later')
  t.same(await ctx.all('employees', 'include_deleted_data=true'), before, 'nothing was written; earlier data is still served')
  t.equal((await ctx.status('hris.Company')).status, 'DONE', 'other models synced normally')

  await ctx.advance('24h')
  const recovered = await ctx.status('hris.Employee')
  t.match(recovered, { status: 'DONE', last_sync_result: 'DONE' })
  const after = await ctx.all('employees', 'include_deleted_data=true')
  t.not(JSON.stringify(after), JSON.stringify(before), 'the recovering sync wrote the remote changes of both days')
})

t.test('an account whose credentials were refused: its next scheduled syncs fail', async (t) => {
  const ctx = await linkedAccount(t, { syncInterval: '6h' })
  await ctx.advance('1h')
  t.equal((await ctx.control('POST', `/linked-accounts/${ctx.accountId}/relink-needed`)).statusCode, 200)
  await ctx.advance('7h')
  // Its data answers 401 now (the real service's behaviour); the control API shows the sync state.
  const states = (await ctx.control('GET', `/linked-accounts/${ctx.accountId}/sync`)).json().sync_status as Array<{ model_id: string, status: string, last_sync_result: string }>
  for (const model of ['hris.Employee', 'hris.Company']) {
    t.match(states.find((s) => s.model_id === model), { status: 'FAILED', last_sync_result: 'FAILED' }, `${model}'s scheduled sync failed`)
  }
})

t.test('an initial sync preset PARTIALLY_SYNCED stays initial (not ready) until a later sync is DONE', async (t) => {
  const { app, clock } = await makeApp(t, { rateLimit: 'off', syncInterval: '6h' })
  const api = new Client(app, 'test_sync')
  const linkToken = await api.linkToken('hris', { end_user_origin_id: 'slow-org' })
  const accountId = (await api.get('/_unimock/linked-accounts')).json().results[0]?.id
  t.type(accountId, 'string', 'the incomplete account exists once a link token is created')
  const preset = await app.inject({
    method: 'PUT', url: `/_unimock/linked-accounts/${accountId as string}/next-sync`, headers: api.headers(),
    payload: { model_id: 'hris.Employee', result: 'PARTIALLY_SYNCED', duration: '2h' }
  })
  t.equal(preset.statusCode, 200, 'the initial sync can be preset before the user finishes linking')
  const done = await api.complete(linkToken)
  const exchanged = await api.get(`/api/hris/v1/account-token/${done.json().public_token as string}`)
  const account = api.withAccount(exchanged.json().account_token)
  const employees = async (): Promise<number> => {
    let n = 0
    let cursor: string | null = null
    do {
      const body: any = (await account.get(`/api/hris/v1/employees?page_size=100${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`)).json()
      n += body.results.length as number
      cursor = body.next
    } while (cursor !== null)
    return n
  }

  await clock.advanceBy(2 * 3_600_000 + 1000)
  const partial = (await account.get('/api/hris/v1/sync-status')).json().results.find((r: any) => r.model_id === 'hris.Employee')
  t.match(partial, { status: 'PARTIALLY_SYNCED', last_sync_result: 'PARTIALLY_SYNCED', is_initial_sync: true },
    'partial during the initial sync: the readiness rules say not ready yet')
  const partialCount = await employees()
  t.ok(partialCount > 0, 'part of the data is there')

  await clock.advanceBy(7 * 3_600_000)
  const full = (await account.get('/api/hris/v1/sync-status')).json().results.find((r: any) => r.model_id === 'hris.Employee')
  t.match(full, { status: 'DONE', is_initial_sync: false }, 'the next sync completes the initial load')
  t.ok(await employees() > partialCount, 'the rest of the records arrived')
})

t.test('a sync preset PAUSED ends PAUSED with nothing scheduled; resume syncs at once', async (t) => {
  const ctx = await linkedAccount(t)
  await ctx.advance('1h')
  await ctx.control('PUT', `/linked-accounts/${ctx.accountId}/next-sync`, { result: 'PAUSED' })
  await ctx.advance('25h')
  for (const r of await ctx.statuses()) t.match(r, { status: 'PAUSED', last_sync_result: 'PAUSED', next_sync_start: null }, r.model_id)
  await ctx.advance('3d')
  t.equal((await ctx.status('hris.Employee')).status, 'PAUSED', 'no scheduled sync while paused')
  const resumed = await ctx.control('POST', `/linked-accounts/${ctx.accountId}/resume`)
  t.equal(resumed.statusCode, 200)
  t.ok(resumed.json().sync_status.every((r: any) => r.status === 'SYNCING'), 'every model syncs at once')
  await ctx.advance('1h')
  t.ok((await ctx.statuses()).every((r) => r.status === 'DONE'))
})

t.test('no inbound request for over two weeks pauses the account; the next request resumes it', async (t) => {
  const ctx = await linkedAccount(t)
  await ctx.advance('1h')
  await ctx.advance('15d') // no API request in between: the control API does not count as activity
  const view = await ctx.control('GET', `/linked-accounts/${ctx.accountId}/sync`)
  t.equal(view.json().paused, true)
  t.ok(view.json().sync_status.every((r: any) => r.status === 'PAUSED' && r.next_sync_start === null), 'every model PAUSED')
  const polled = await ctx.statuses()
  t.ok(polled.every((r) => r.status === 'SYNCING'), 'the request resumed syncing')
  await ctx.advance('1h')
  t.ok((await ctx.statuses()).every((r) => r.status === 'DONE'))
})

t.test('an account polled every day never pauses', async (t) => {
  const ctx = await linkedAccount(t)
  for (let day = 0; day < 20; day++) {
    await ctx.advance('24h')
    t.not((await ctx.status('hris.Employee')).status, 'PAUSED', `day ${day}`)
  }
})

t.test('models disabled through common_models never sync and show DISABLED', async (t) => {
  const ctx = await linkedAccount(t, {}, {
    common_models: [
      { model_id: 'hris.Benefit', enabled_actions: [], disabled_fields: [] },
      { model_id: 'hris.Employee', enabled_actions: ['READ'], disabled_fields: [] }
    ]
  })
  await ctx.advance('3d')
  t.match(await ctx.status('hris.Benefit'), { status: 'DISABLED', last_sync_start: null, last_sync_finished: null })
  t.equal((await ctx.status('hris.Employee')).status, 'DONE', 'a model listed with READ syncs')
  t.same(await ctx.all('benefits'), [], 'a disabled model has no data')
})

t.test('the control API disables and re-enables a model', async (t) => {
  const ctx = await linkedAccount(t)
  await ctx.advance('1h')
  const off = await ctx.control('PUT', `/linked-accounts/${ctx.accountId}/models/hris.Team`, { enabled: false })
  t.equal(off.statusCode, 200)
  t.equal((await ctx.status('hris.Team')).status, 'DISABLED')
  await ctx.advance('2d')
  t.match(await ctx.status('hris.Team'), { status: 'DISABLED', next_sync_start: null })
  await ctx.control('PUT', `/linked-accounts/${ctx.accountId}/models/hris.Team`, { enabled: true })
  t.equal((await ctx.status('hris.Team')).status, 'SYNCING')
  await ctx.advance('1h')
  t.equal((await ctx.status('hris.Team')).status, 'DONE')
  const unknown = await ctx.control('PUT', `/linked-accounts/${ctx.accountId}/models/hris.Nope`, { enabled: false })
  t.equal(unknown.statusCode, 400)
  t.match(unknown.json(), { detail: /hris\.Employee/ })
})

t.test('sync-now starts a sync before its scheduled time', async (t) => {
  const ctx = await linkedAccount(t)
  await ctx.advance('1h')
  const before = (await ctx.status('hris.Employee')).last_sync_finished!
  const now = await ctx.control('POST', `/linked-accounts/${ctx.accountId}/sync-now`, { model_id: 'hris.Employee' })
  t.equal(now.statusCode, 200)
  t.equal((await ctx.status('hris.Employee')).status, 'SYNCING')
  t.equal((await ctx.status('hris.Company')).status, 'DONE', 'only the named model')
  await ctx.advance('15m')
  t.ok((await ctx.status('hris.Employee')).last_sync_finished! > before)
})

t.test('periodic syncs run at next_sync_start and move last_sync_finished; a tenant interval applies', async (t) => {
  const ctx = await linkedAccount(t)
  const set = await ctx.control('PUT', '/sync-interval', { interval: '5m' })
  t.same(set.json(), { interval_ms: 300_000, interval: '5m' })
  await ctx.advance('1h')
  const first = await ctx.status('hris.Company')
  await ctx.advance('6m')
  const second = await ctx.status('hris.Company')
  t.ok(second.last_sync_start! > first.last_sync_start!, 'another sync started')
  t.ok(second.last_sync_finished! > first.last_sync_finished!, 'and finished')
  const bad = await ctx.control('PUT', '/sync-interval', { interval: 'often' })
  t.equal(bad.statusCode, 400)
})
