import t from 'tap'
import { START } from '../../helpers/app.js'
import type { Client } from '../helpers.js'
import { webhookSetup } from './helpers.js'

const MINUTE = 60_000

/** The records of a list, every page. */
async function count (api: Client, path: string): Promise<number> {
  let n = 0
  for (let cursor: string | null = ''; cursor !== null;) {
    const page = (await api.get(`${path}?page_size=100${cursor === '' ? '' : `&cursor=${encodeURIComponent(cursor)}`}`)).json()
    n += (page.results as unknown[]).length
    cursor = page.next as string | null
  }
  return n
}

t.test('periodic syncs drift apart per model, yet LinkedAccount.sync_completed fires once per account-wide sync', async (t) => {
  const w = await webhookSetup(t, { syncInterval: '5m' })
  await w.addTarget({ events: ['LinkedAccount.sync_completed', '*.synced'] })
  const linked = (await w.control('POST', '/linked-accounts', { category: 'hris', end_user_origin_id: 'org-1' })).json()
  await w.advance('10m')
  // What the initial sync wrote: the records the third party held when the account linked.
  const employees = await count(w.api.withAccount(linked.account_token as string), '/api/hris/v1/employees')
  await w.advance('170m')
  const all = await w.deliveries('?limit=1000')
  t.ok(all.length < 1000, `every delivery is on the page (${all.length})`)
  const start = START
  const end = start + 180 * MINUTE
  const at = (d: any): number => Date.parse(d.created_at as string)
  const synced = all.filter((d) => (d.event as string).endsWith('.synced')).sort((a, b) => a.seq - b.seq)
  const completed = all.filter((d) => d.event === 'LinkedAccount.sync_completed').sort((a, b) => a.seq - b.seq)

  // Every model's initial sync ends at 10 minutes (--initial-sync-duration); each periodic run starts 5 minutes
  // after the one before ended and lasts 30 s plus 1 ms per record, so a model finishes every 5m30s and a bit,
  // the bit its own. Employee's periodic runs all last as long as its first one did.
  const employee = synced.filter((d) => d.event === 'Employee.synced')
  const status = employee[1].payload.data.sync_status
  const run = Date.parse(status.last_sync_finished as string) - Date.parse(status.last_sync_start as string)
  t.equal(Date.parse(status.last_sync_start as string), start + 15 * MINUTE, 'Employee\'s first periodic run starts 5 minutes after the initial one ended')
  t.equal(run, 30_000 + employees, `a periodic run of Employee lasts 30 s plus 1 ms per employee the initial sync wrote (${employees})`)
  const cycle = 5 * MINUTE + run
  const expected: number[] = []
  for (let finish = start + 10 * MINUTE; finish <= end; finish += cycle) expected.push(finish)
  t.same(employee.map(at), expected, `Employee synced ${expected.length} times in 3 hours, every ${cycle} ms after the initial sync`)

  // An account-wide sync completes when every model has finished a run since the last completion: worked out
  // here from the models' own finishes, in the order they were announced.
  const models = new Set(synced.map((d) => d.event as string))
  t.equal(models.size, 16, 'every model of the account synced')
  const rounds: number[] = []
  let since = new Set<string>()
  for (const d of synced) {
    since.add(d.event as string)
    if (since.size === models.size) { rounds.push(at(d)); since = new Set() }
  }
  const lastFinish = (model: string): number => Math.max(...synced.filter((d) => d.event === model).map(at))
  const lasts = [...models].map(lastFinish)
  t.ok(Math.max(...lasts) - Math.min(...lasts) > MINUTE, 'by then the models\' runs have drifted more than a minute apart')
  t.same(completed.map(at), rounds, `one completion per account-wide sync (${rounds.length}), at the finish that completed it`)
  t.same(completed.map((d) => d.payload.data.is_initial_sync), [true, ...rounds.slice(1).map(() => false)], 'exactly one completion is the initial sync: the first')
  for (const d of completed) {
    t.equal(Object.keys(d.payload.data.sync_status).length, 16, 'every model is reported')
  }
})
