import t, { type Test } from 'tap'
import { linkedAccount, type SyncRecord } from './helpers.js'

const HRIS_MODELS = ['hris.BankInfo', 'hris.Benefit', 'hris.Company', 'hris.Dependent', 'hris.EmployeePayrollRun', 'hris.Employee',
  'hris.EmployerBenefit', 'hris.Employment', 'hris.Group', 'hris.Location', 'hris.PayGroup', 'hris.PayrollRun', 'hris.Team',
  'hris.TimeOff', 'hris.TimeOffBalance', 'hris.TimesheetEntry']

/** The spec's data readiness rules, from the integrator's side, must hold for every record at every moment. */
function checkReadiness (t: Test, records: SyncRecord[], when: string): void {
  for (const r of records) {
    if (r.status === 'DONE') t.equal(r.is_initial_sync, false, `${when}: ${r.model_id} DONE means the initial sync is over`)
    if (!r.is_initial_sync) t.not(r.last_sync_finished, null, `${when}: ${r.model_id} not initial means a sync has finished`)
    if (r.status === 'SYNCING') t.equal(r.next_sync_start, null, `${when}: ${r.model_id} has no next start while syncing`)
  }
}

t.test('linking starts the initial sync of every model at once', async (t) => {
  const { statuses } = await linkedAccount(t)
  const records = await statuses()
  t.same(records.map((r) => r.model_id), HRIS_MODELS, 'one record per model, in a stable order')
  for (const r of records) {
    t.same(r, {
      model_name: r.model_id.slice('hris.'.length),
      model_id: r.model_id,
      last_sync_start: '2026-01-01T00:00:00.000000Z',
      next_sync_start: null,
      last_sync_result: null,
      last_sync_finished: null,
      status: 'SYNCING',
      is_initial_sync: true
    }, r.model_id)
  }
})

t.test('data appears during the initial sync, which ends DONE and flips is_initial_sync at once', async (t) => {
  const { statuses, status, all, advance } = await linkedAccount(t)
  const counts: number[] = []
  let done: SyncRecord | undefined
  for (let step = 0; step < 200 && done === undefined; step++) {
    await advance('10s')
    const employee = await status('hris.Employee')
    checkReadiness(t, await statuses(), `step ${step}`)
    counts.push((await all('employees')).length)
    if (employee.status === 'DONE') done = employee
    else t.equal(employee.is_initial_sync, true, 'still initial while syncing')
  }
  t.ok(done, 'the initial sync of employees finished')
  const total = counts[counts.length - 1]!
  t.ok(total >= 50 && total <= 300, `a realistic small company: ${total} employees`)
  t.ok(counts.some((c) => c > 0 && c < total), `some employees were visible before the sync finished: ${counts.join(',')}`)
  t.same(counts, [...counts].sort((a, b) => a - b), 'records only ever appear')
  t.equal(done!.last_sync_result, 'DONE')
  t.equal(done!.is_initial_sync, false)
  const finished = Date.parse(done!.last_sync_finished!)
  t.ok(Math.abs(Date.parse(done!.next_sync_start!) - finished - 86_400_000) < 1000, 'next_sync_start = finish + 24h')
  for (const e of await all('employees')) {
    t.ok(e.modified_at < done!.last_sync_finished!, `employee ${e.id as string} was written before last_sync_finished`)
  }
})

t.test('after an hour every model has finished its initial sync', async (t) => {
  const { statuses, advance } = await linkedAccount(t)
  await advance('1h')
  const records = await statuses()
  checkReadiness(t, records, 'after 1h')
  for (const r of records) {
    t.match(r, { status: 'DONE', last_sync_result: 'DONE', is_initial_sync: false }, r.model_id)
    t.ok(r.last_sync_start! < r.last_sync_finished!, `${r.model_id}: started before it finished`)
  }
})

t.test('sync-status pages with opaque cursors in a stable order', async (t) => {
  const { account } = await linkedAccount(t)
  const seen: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const res = await account.get(`/api/hris/v1/sync-status?page_size=5${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`)
    t.equal(res.statusCode, 200)
    const body = res.json()
    if (pages > 0) t.type(body.previous, 'string', 'later pages point back')
    seen.push(...body.results.map((r: SyncRecord) => r.model_id))
    cursor = body.next
    pages++
  } while (cursor !== null)
  t.equal(pages, 4)
  t.same(seen, HRIS_MODELS)
  const bad = await account.get('/api/hris/v1/sync-status?cursor=not-a-cursor')
  t.equal(bad.statusCode, 400)
  t.match(bad.json(), { detail: /cursor/i })
  const zero = await account.get('/api/hris/v1/sync-status?page_size=0')
  t.equal(zero.statusCode, 400)
})
