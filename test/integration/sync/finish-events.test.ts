import t from 'tap'
import type { ModelSyncFinished } from '../../../src/integration/background/sync/sync-events.js'
import { webhookSetup } from '../webhooks/helpers.js'
import { linkedAccount, type SyncRecord } from './helpers.js'

/**
 * Sync does not depend on who listens. A tenant with webhook targets has its runs finish by a job at
 * their end; one without lets one-pass runs settle by themselves (a simulated day runs hundreds of
 * thousands of syncs). Either way the states read the same, and every run is announced once.
 */

const essentials = (e: ModelSyncFinished) => `${e.state.modelId} ${e.at} ${e.state.lastSyncFinished} ${e.state.status}`

t.test('the same syncs with and without a webhook target: the same states, the same finishes announced', async (t) => {
  const config = { syncInterval: '5m', initialSyncDuration: '10m' }
  const quiet = await linkedAccount(t, config)
  const watched = await linkedAccount(t, config)
  const heard = { quiet: [] as ModelSyncFinished[], watched: [] as ModelSyncFinished[] }
  quiet.app.unified.events.on('model-sync:finished', (e) => { heard.quiet.push(e) })
  watched.app.unified.events.on('model-sync:finished', (e) => { heard.watched.push(e) })
  t.equal((await watched.control('POST', '/webhooks/targets', { url: 'http://127.0.0.1:1/never', events: ['*.synced'] })).statusCode, 201)

  const views: Array<[SyncRecord[], SyncRecord[]]> = []
  for (let i = 0; i < 30; i++) {
    await quiet.advance('7m')
    await watched.advance('7m')
    views.push([await quiet.statuses(), await watched.statuses()])
  }
  t.same(views.map(([q]) => q), views.map(([, w]) => w), 'every read of sync-status is the same')
  t.ok(views.at(-1)![0].some((s) => s.last_sync_start !== views[1]![0].find((x) => x.model_id === s.model_id)!.last_sync_start), 'periodic syncs ran')

  t.ok(heard.watched.length > 16 * 10, `${heard.watched.length} finishes announced`)
  t.ok(heard.watched.every((e) => e.onTime), 'a watched tenant hears each finish at its end')
  const watchedSet = new Set(heard.watched.map(essentials))
  t.same(heard.quiet.map(essentials).filter((e) => !watchedSet.has(e)), [], 'the quiet tenant hears the same finishes ...')
  t.ok(heard.quiet.length >= heard.watched.length - 16, `... each at the latest when its model next starts (${heard.quiet.length} of ${heard.watched.length})`)
  t.ok(heard.quiet.some((e) => !e.onTime), 'late for the one-pass runs')
  t.ok(heard.quiet.filter((e) => !e.onTime).every((e) => !e.accountSyncCompleted), 'a finish noticed late never claims an account-wide completion')
})

t.test('a target added while a run is under way hears that run finish, at its end', async (t) => {
  const w = await webhookSetup(t, { syncInterval: '5m' })
  await w.account()
  await w.advance('15m')
  const employee = async () => (await w.control('GET', `/linked-accounts/${(await w.control('GET', '/linked-accounts')).json().results[0].id}/sync`)).json()
    .sync_status.find((s: SyncRecord) => s.model_id === 'hris.Employee') as SyncRecord
  // Step until a periodic Employee sync is running (each takes about 30 s, every 5 minutes).
  for (let i = 0; i < 120 && (await employee()).status !== 'SYNCING'; i++) await w.advance('5s')
  const running = await employee()
  t.equal(running.status, 'SYNCING')
  await w.addTarget({ events: ['Employee.synced'] })
  await w.advance('2m')
  const finished = await employee()
  const [delivery] = await w.deliveries('?event=Employee.synced')
  t.ok(delivery !== undefined, 'the run begun before the target was added is delivered')
  t.equal(delivery.payload.data.sync_status.last_sync_start, running.last_sync_start, 'it is that run')
  t.equal(Date.parse(delivery.created_at), Math.floor(Date.parse(finished.last_sync_finished!)), 'made at the run\'s end, not at the next start')
  t.equal(delivery.state, 'delivered')
})
