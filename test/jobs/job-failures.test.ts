import { Writable } from 'node:stream'
import t, { type Test } from 'tap'
import type { UnimockApp } from '../../src/app.js'
import { type JobFailure, type JobHandler, Scheduler } from '../../src/jobs/scheduler.js'
import { makeApp } from '../helpers/app.js'
import { Client } from '../integration/helpers.js'

/**
 * Issue 36, defect 3: no job kind fails into silence. For every kind the scheduler defines, a handler that
 * throws (injected here) leaves its work with an observable, terminal outcome where that kind's state is
 * visible, and a line at `warn`.
 */

const failing = new Set<string>()
const define = Scheduler.prototype.define
// The injection: every handler defined from here on throws while its kind is in `failing`.
Scheduler.prototype.define = function (this: Scheduler, kind: string, handler: JobHandler<unknown>, onFailure: JobFailure<unknown>) {
  return define.call(this, kind, (payload, now, job) => {
    if (failing.has(kind)) throw new Error(`injected failure of ${kind}`)
    return handler(payload, now, job)
  }, onFailure)
} as typeof define
t.teardown(() => { Scheduler.prototype.define = define })

interface World { app: UnimockApp, control: Client, warnings: () => Array<{ job?: string, msg: string, reason?: string }>, advance: (by: string) => Promise<void> }

async function world (t: Test, config: Record<string, unknown> = {}): Promise<World> {
  const lines: string[] = []
  const logStream = new Writable({ write (chunk, _enc, done) { lines.push(String(chunk)); done() } })
  const { app } = await makeApp(t, { rateLimit: 'off', logLevel: 'warn', initialSyncDuration: '10m', ...config }, { logStream })
  t.teardown(() => { failing.clear() })
  const control = new Client(app, 'k')
  return {
    app,
    control,
    warnings: () => lines.map((l) => JSON.parse(l) as { level: number, job?: string, msg: string, reason?: string }).filter((l) => l.level === 40),
    advance: async (by) => {
      const res = await control.post('/_unimock/clock/advance', { by })
      if (res.statusCode !== 200) throw new Error(`advance answered ${res.statusCode}: ${res.body}`)
    }
  }
}

async function account (w: World, category = 'hris'): Promise<{ id: string, api: Client }> {
  const made = await w.control.post('/_unimock/linked-accounts', { category, end_user_origin_id: `org-${category}` })
  if (made.statusCode !== 201) throw new Error(made.body)
  return { id: made.json().id as string, api: w.control.withAccount(made.json().account_token as string) }
}

const warned = (t: Test, w: World, kind: string): void => {
  t.match(w.warnings(), [{ job: kind, msg: /job failed/, reason: `injected failure of ${kind}` }], `${kind}: a warn line names the kind and the reason`)
}

const statuses = async (api: Client): Promise<string[]> => [...new Set(((await api.get('/api/hris/v1/sync-status?page_size=100')).json().results as Array<{ status: string }>).map((s) => s.status))]

const cases: Record<string, (t: Test, kind: string) => Promise<void>> = {
  'async-passthrough.resolve': async (t, kind) => {
    const w = await world(t)
    const { api } = await account(w)
    const resolved: unknown[] = []
    w.app.unified.events.on('async-passthrough:resolved', (e) => { resolved.push(e) })
    const id = (await api.post('/api/hris/v1/async-passthrough', { method: 'GET', path: '/api/v1/employees' })).json().async_passthrough_receipt_id as string
    failing.add(kind)
    await w.advance('10s')
    const polled = await api.get(`/api/hris/v1/async-passthrough/${id}`)
    t.equal(polled.statusCode, 200)
    t.match(polled.json(), { method: 'GET', path: '/api/v1/employees', status: 500, response: { error: 'vendor_error', message: /could not be completed: injected failure/ } }, 'it resolves with an error answer')
    t.equal(resolved.length, 1, 'AsyncPassthrough.resolved is announced')
    warned(t, w, kind)
  },
  'sync.pass': async (t, kind) => {
    const w = await world(t)
    const { api } = await account(w)
    failing.add(kind)
    await w.advance('1h')
    t.same(await statuses(api), ['FAILED'], 'the initial run ends FAILED')
    warned(t, w, kind)
    failing.clear()
    await w.advance('25h')
    t.notOk((await statuses(api)).includes('FAILED'), 'the next run was scheduled and ran')
  },
  'sync.start': async (t, kind) => {
    const w = await world(t)
    const { api } = await account(w)
    await w.advance('1h')
    t.same(await statuses(api), ['DONE'])
    failing.add(kind)
    await w.advance('25h')
    t.same(await statuses(api), ['FAILED'], 'the scheduled run ends FAILED')
    warned(t, w, kind)
  },
  'webhooks.dispatch': async (t, kind) => {
    const w = await world(t)
    const { id } = await account(w)
    t.equal((await w.control.post('/_unimock/webhooks/targets', { url: 'http://127.0.0.1:9/hook' })).statusCode, 201)
    failing.add(kind)
    t.equal((await w.control.post('/_unimock/webhooks/send', { event: 'LinkedAccount.sync_completed', linked_account_id: id })).statusCode, 202)
    await w.advance('1s')
    const deliveries = (await w.control.get('/_unimock/webhooks/deliveries')).json().results as Array<{ state: string, attempts: Array<{ error: string }> }>
    t.ok(deliveries.length > 0)
    for (const d of deliveries) t.match(d, { state: 'failed', attempts: [{ error: /could not dispatch it: injected failure/ }] }, 'the delivery failed for good, with the reason')
    warned(t, w, kind)
  },
  'writes.batch': async (t, kind) => {
    const w = await world(t)
    const { api } = await account(w, 'crm')
    const completed: Array<{ data: unknown }> = []
    w.app.unified.events.on('write:async-completed', (e) => { completed.push(e) })
    failing.add(kind)
    const written = await api.post('/api/crm/v1/contacts?run_async=true', { model: { first_name: 'Ada', last_name: 'Lovelace' } })
    t.equal(written.statusCode, 201, written.body)
    await w.advance('10s')
    t.match(completed, [{ data: { status: 'FAILURE', result: { status_code: 500, response: { detail: /could not be completed: injected failure/ } } } }], 'the task ends FAILURE and AsyncPost.completed says so')
    warned(t, w, kind)
  },
  'issues.resolve': async (t, kind) => {
    const w = await world(t)
    const { id, api } = await account(w)
    t.equal((await w.control.post(`/_unimock/linked-accounts/${id}/relink-needed`, {})).statusCode, 200)
    const credentials = async () => ((await api.get('/api/hris/v1/issues')).json().results as Array<{ error_description: string, status: string }>).find((i) => i.error_description === 'Invalid login credentials')
    t.match(await credentials(), { status: 'ONGOING' })
    failing.add(kind)
    await w.advance('25h')
    t.match(await credentials(), { status: 'RESOLVED' }, 'the issue is not left ONGOING with nothing scheduled')
    warned(t, w, kind)
  },
  'scenario.step': async (t, kind) => {
    const w = await world(t)
    failing.add(kind)
    const run = (await w.control.post('/_unimock/scenarios/run', {
      scenario: { name: 'one-step', description: 'a step whose job throws', accounts: [{ ref: 'acme', category: 'hris' }], steps: [{ at: '0s', link: { account: 'acme' } }, { at: '1h', link: { account: 'acme' } }] }
    })).json()
    t.equal(run.state, 'error', 'the run ends in error')
    t.match(run.steps, [{ state: 'error', detail: /injected failure of scenario.step/ }, { state: 'skipped' }], 'the step says why; the rest is skipped')
    warned(t, w, kind)
  },
  'scenario.finish': async (t, kind) => {
    const w = await world(t)
    failing.add(kind)
    const run = (await w.control.post('/_unimock/scenarios/run', {
      scenario: { name: 'one-step', description: 'a run whose end throws', accounts: [{ ref: 'acme', category: 'hris' }], steps: [{ at: '0s', link: { account: 'acme' } }] }
    })).json()
    t.equal(run.state, 'error', 'the run ends in error, not running forever')
    t.type(run.finished_at, 'string')
    warned(t, w, kind)
  }
}

t.test('the table covers every job kind the app defines', async (t) => {
  const { app } = await makeApp(t)
  t.same(app.unimock.scheduler.kinds().sort(), Object.keys(cases).sort())
})

for (const [kind, run] of Object.entries(cases)) t.test(`a ${kind} job that throws`, async (t) => { await run(t, kind) })
