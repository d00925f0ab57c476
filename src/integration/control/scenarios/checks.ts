import type { Clock } from '../../../core/clock.js'
import { parseDuration } from '../../../core/durations.js'
import { StepFailure } from './actions.js'
import type { ScenarioPort } from './port.js'
import type { CheckResult, Run, StepResult } from './run.js'
import type { Expectation } from './schema.js'

interface SyncRecord { model_id: string, status: string, is_initial_sync: boolean, last_sync_finished: string | null }

/** Reads observable state through the control API and compares it with a step's `expect` items. */
export class StepChecks {
  readonly #port: ScenarioPort
  readonly #clock: Clock

  constructor (port: ScenarioPort, clock: Clock) {
    this.#port = port
    this.#clock = clock
  }

  async check (run: Run, e: Expectation, result: StepResult): Promise<CheckResult> {
    if (e.sync !== undefined) return this.#sync(run, e.sync)
    if (e.account !== undefined) return this.#accountStatus(run, e.account)
    if (e.webhooks !== undefined) return this.#webhooks(run, e.webhooks)
    if (e.responses !== undefined) {
      const n = result.responses?.[String(e.responses.status)] ?? 0
      return range(`responses ${e.responses.status}`, n, e.responses.min, e.responses.max)
    }
    const want = e.last_response!
    const last = result.lastAnswer ?? undefined
    const header = want.header === undefined ? undefined : last?.headers[want.header.toLowerCase()]
    const ok = last?.status === want.status && (want.header === undefined || header !== undefined)
    return {
      check: 'last_response',
      ok,
      expected: `status ${want.status}${want.header === undefined ? '' : ` with ${want.header}`}`,
      actual: last === undefined ? 'no answer' : `status ${last.status}${want.header === undefined ? '' : header === undefined ? ` without ${want.header}` : ` with ${want.header}: ${String(header)}`}`
    }
  }

  async #sync (run: Run, e: NonNullable<Expectation['sync']>): Promise<CheckResult> {
    const id = this.#id(run, e.account)
    const view = await this.#get(run, `/_unimock/linked-accounts/${encodeURIComponent(id)}/sync`) as { sync_status: SyncRecord[] }
    const records = view.sync_status.filter((r) => e.model === undefined ? r.status !== 'DISABLED' || e.status === 'DISABLED' : r.model_id === e.model)
    const label = `sync ${e.account}${e.model === undefined ? '' : ' ' + e.model}`
    const within = e.finished_within === undefined ? undefined : parseDuration(e.finished_within)!
    const since = within === undefined ? undefined : this.#clock.now() - within
    const expected = [
      e.status,
      e.is_initial_sync === undefined ? undefined : `is_initial_sync ${String(e.is_initial_sync)}`,
      e.finished_within === undefined ? undefined : `finished within ${e.finished_within}`
    ].filter((x) => x !== undefined).join(', ')
    const stale = (r: SyncRecord): boolean => since !== undefined && (r.last_sync_finished === null || Date.parse(r.last_sync_finished) < since)
    const wrong = records.filter((r) => (e.status !== undefined && r.status !== e.status) || (e.is_initial_sync !== undefined && r.is_initial_sync !== e.is_initial_sync) || stale(r))
    const summary = (rs: SyncRecord[]): string => {
      const counts = new Map<string, number>()
      for (const r of rs) {
        const k = `${r.status}${e.is_initial_sync === undefined ? '' : ` (is_initial_sync ${String(r.is_initial_sync)})`}${stale(r) ? ` (last finished ${r.last_sync_finished ?? 'never'})` : ''}`
        counts.set(k, (counts.get(k) ?? 0) + 1)
      }
      return [...counts].map(([k, n]) => `${n} ${k}`).join(', ') || 'no models'
    }
    return { check: label, ok: records.length > 0 && wrong.length === 0, expected: expected === '' ? 'any' : expected, actual: summary(records) }
  }

  async #accountStatus (run: Run, e: NonNullable<Expectation['account']>): Promise<CheckResult> {
    const id = run.accounts.get(e.account)?.id
    const list = await this.#get(run, '/_unimock/linked-accounts') as { results: Array<{ id: string, status: string }> }
    const found = id === undefined ? undefined : list.results.find((a) => a.id === id)
    const actual = id === undefined ? 'not linked' : found?.status ?? 'DELETED'
    return { check: `account ${e.account}`, ok: actual === e.status, expected: e.status, actual }
  }

  /** Deliveries of the named account, or of every account of the run: never the API key's other activity. */
  async #webhooks (run: Run, e: NonNullable<Expectation['webhooks']>): Promise<CheckResult> {
    const ids = e.account !== undefined ? [this.#id(run, e.account)] : [...run.accounts.values()].map((a) => a.id)
    let n = 0
    for (const id of ids) {
      const query = new URLSearchParams({ limit: '1000', account: id })
      if (e.event !== undefined) query.set('event', e.event)
      if (e.state !== undefined) query.set('state', e.state)
      for (let page = 0; page < 1000; page++) {
        const body = await this.#get(run, `/_unimock/webhooks/deliveries?${query.toString()}`) as { results: unknown[], next_after: number | null }
        n += body.results.length
        if (body.next_after === null) break
        query.set('after', String(body.next_after))
      }
    }
    const label = ['webhooks', e.event, e.account, e.state].filter((x) => x !== undefined).join(' ')
    return range(label, n, e.min, e.max)
  }

  #id (run: Run, ref: string): string {
    const a = run.accounts.get(ref)
    if (a === undefined) throw new StepFailure(`account "${ref}" is not linked yet: link it in an earlier step`)
    return a.id
  }

  async #get (run: Run, path: string): Promise<unknown> {
    const answer = await this.#port.call({ method: 'GET', path, authorization: run.authorization })
    if (answer.status !== 200) throw new StepFailure(`GET ${path} answered ${answer.status}`)
    return answer.body
  }
}

/** At least `min` (1 when neither bound is given), at most `max`. */
function range (check: string, n: number, min: number | undefined, max: number | undefined): CheckResult {
  const lo = min ?? (max === undefined ? 1 : 0)
  const expected = max === undefined ? `at least ${lo}` : lo === max ? `exactly ${lo}` : `${lo} to ${max}`
  return { check, ok: n >= lo && (max === undefined || n <= max), expected, actual: String(n) }
}
