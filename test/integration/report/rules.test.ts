import t from 'tap'
import { durationMs, parseConfig } from '../../../src/config.js'
import { DEFAULT_RETRY_POLICY } from '../../../src/integration/background/webhooks/retry-policy.js'
import type { JournalEntry, JournalFacets } from '../../../src/integration/observation/journal/journal-entry.js'
import { buildReport } from '../../../src/integration/observation/report/report.js'
import type { ReportInput } from '../../../src/integration/observation/report/report-input.js'
import { callsAfterRelinkNeeded } from '../../../src/integration/observation/report/rules/calls-after-relink.js'
import { modifiedAfterNotAdvancing } from '../../../src/integration/observation/report/rules/modified-after.js'
import { pollAllowance, pollingTooOften } from '../../../src/integration/observation/report/rules/polling.js'
import { WEBHOOK_TIMEOUT_MS, webhookNon2xx, webhookSlow } from '../../../src/integration/observation/report/rules/webhook-answers.js'

// The rules are plain functions over journal entries and state snapshots: these cases pin their edges.

const MIN = 60_000
const HOUR = 60 * MIN
let nextId = 1
function entry (at: number, facets: JournalFacets, more: Partial<JournalEntry> = {}): JournalEntry {
  const id = nextId++
  return { id, tenantId: 1, at, startedAfter: id - 1, surface: 'api', method: 'GET', path: '/api/hris/v1/x', query: {}, status: 200, error: null, durationMs: 1, accountId: 'acc', facets, ...more }
}
const input = (entries: JournalEntry[], syncIntervalMs = 24 * HOUR): ReportInput => ({ entries, accounts: [], syncIntervalMs, webhookAttempts: [] })

t.test('poll allowance follows the sync interval, never more than once a minute', async (t) => {
  t.same(pollAllowance(24 * HOUR, false), { windowMs: 24 * HOUR, polls: 96 })
  t.same(pollAllowance(HOUR, false), { windowMs: HOUR, polls: 60 })
  t.same(pollAllowance(5 * MIN, false), { windowMs: 5 * MIN, polls: 5 })
  t.same(pollAllowance(24 * HOUR, true), { windowMs: 10 * MIN, polls: 20 })
})

t.test('polling: once a minute while a sync runs is fine, every 10 seconds is not; a changed answer starts again', async (t) => {
  const poll = (at: number, answer: string, syncing: boolean): JournalEntry => entry(at, { endpoint: 'sync-status', answer, syncing })
  const minutes = Array.from({ length: 240 }, (_, i) => poll(i * MIN, 'a', true))
  t.same(pollingTooOften.find(input(minutes)), [], 'four hours of minute polls during a sync')
  const frantic = Array.from({ length: 30 }, (_, i) => poll(i * 10_000, 'b', true))
  t.equal(pollingTooOften.find(input(frantic)).length, 1)
  // Hourly polls for four days, each day's sync changing the answer: never more than 24 unchanged.
  const hourly = Array.from({ length: 96 }, (_, i) => poll(i * HOUR, `day${Math.floor(i / 24)}`, false))
  t.same(pollingTooOften.find(input(hourly)), [])
  const tenMinutes = Array.from({ length: 97 }, (_, i) => poll(i * 10 * MIN, 'same', false))
  t.equal(pollingTooOften.find(input(tenMinutes)).length, 1, '97 unchanged polls within a day')
})

t.test('modified_after: a retry of a failed fetch reuses the window; a fetch never completed is no reference', async (t) => {
  const list = (at: number, after: string | undefined, before: string, more: Partial<JournalEntry> = {}, facets: JournalFacets = {}): JournalEntry =>
    entry(at, { endpoint: 'list', model: 'hris.Employee', ...(after === undefined ? {} : { modifiedAfter: after }), modifiedBefore: before, next: null, ...facets }, more)
  const entries = [
    list(0, undefined, '2026-01-01T00:30:00Z'),
    // The next fetch fails on its second page (a 429), then is retried with the same window: correct.
    list(HOUR, '2026-01-01T00:00:00Z', '2026-01-02T00:30:00Z', {}, { next: 'c1' }),
    entry(HOUR, { endpoint: 'list', model: 'hris.Employee', cursor: 'c1' }, { status: 429 }),
    list(2 * HOUR, '2026-01-01T00:00:00Z', '2026-01-02T00:30:00Z'),
    // Another stream of the same model (other filters) has its own history.
    list(3 * HOUR, undefined, '2026-01-02T00:30:00Z', { query: { employment_status: 'ACTIVE' } })
  ]
  t.same(modifiedAfterNotAdvancing.find(input(entries)), [])
  const again = list(4 * HOUR, '2026-01-01T00:00:00Z', '2026-01-03T00:30:00Z')
  const found = modifiedAfterNotAdvancing.find(input([...entries, again]))
  t.equal(found.length, 1, 'the same modified_after once the retried fetch completed and newer data came')
  t.same(found[0]!.requests.map((e) => e.id), [entries[3]!.id, again.id])
})

t.test('calls after a 401: requests already in flight are not counted; a successful health check ends it', async (t) => {
  const refused = entry(0, { endpoint: 'list' }, { status: 401, error: 'AUTH_ACCOUNT_RELINK_NEEDED' })
  // Sent before the 401 was answered (started after an earlier entry only).
  const inFlight = entry(0, { endpoint: 'list' }, { status: 401, startedAfter: refused.id - 1 })
  const health = entry(HOUR, { endpoint: 'account-details' })
  const after = entry(2 * HOUR, { endpoint: 'list' })
  t.same(callsAfterRelinkNeeded.find(input([refused, inFlight, health, after])), [])
  const call = entry(3 * HOUR, { endpoint: 'list' }, { status: 401 })
  const late = entry(4 * HOUR, { endpoint: 'sync-status' }, { status: 401 })
  const found = callsAfterRelinkNeeded.find(input([call, late]))
  t.same(found.map((o) => o.requests.map((e) => e.id)), [[call.id, late.id]])
})

t.test('a report over an empty journal has no findings and a summary of zeros', async (t) => {
  const report = buildReport(input([]))
  t.same(report.findings, [])
  t.same(report.summary, { requests: 0, from: null, to: null, accounts: 0, webhookAttempts: 0, errors: 0, warnings: 0 })
})

t.test('the webhook rules advise by the dispatcher\'s retry policy and the sender\'s default timeout', async (t) => {
  t.match(webhookNon2xx.advice, `(${DEFAULT_RETRY_POLICY.maxAttempts} attempts in all)`)
  t.equal(WEBHOOK_TIMEOUT_MS, durationMs(parseConfig().webhookTimeout))
  t.match(webhookSlow.title, `slower than ${WEBHOOK_TIMEOUT_MS / 1000} seconds`)
  t.match(webhookSlow.advice, `timeout is ${WEBHOOK_TIMEOUT_MS / 1000} seconds`)
})
