import t from 'tap'
import { unfollowed } from '../../src/conform/checks/pagination.js'
import { firstRun } from '../../src/conform/checks/resilience.js'
import { judgeRetryAfter, judgeSchedule } from '../../src/conform/checks/retry-schedule.js'
import { VirtualClock } from '../../src/core/virtual-clock.js'
import { fetchesCarrying, fetchesOf } from '../../src/conform/fetches.js'
import type { Entry } from '../../src/conform/journal.js'
import { carries, Marks, sameInstant } from '../../src/conform/marks.js'
import { marked } from '../../src/conform/webhook-bodies.js'

/**
 * Evidence by content, as pure functions: a fetch is a mark's doing only when its window ends at the mark; the
 * attempts of one fetch are the reads carrying its mark; a schedule is judged as the guidance allows jitter.
 */

let id = 0
function entry (ms: number, over: Partial<Entry> & { facets?: Entry['facets'] } = {}): Entry {
  return {
    id: ++id, at: new Date(ms).toISOString(), surface: 'api', method: 'GET', path: '/api/crm/v1/contacts', query: {}, status: 200, error: null,
    duration_ms: 3, account_id: 'acc', ...over, facets: { endpoint: 'list', model: 'crm.Contact', next_fp: null, ...over.facets }
  }
}
const read = (ms: number, before: string, status = 200, more: Partial<Entry> = {}): Entry =>
  entry(ms, { status, query: { modified_before: before, page_size: '100' }, facets: { endpoint: 'list', model: 'crm.Contact', modified_before: before, next_fp: null }, ...more })

t.test('marks: unique to the millisecond, later than now, recognised with or without their microseconds', async (t) => {
  const clock = new VirtualClock(Date.parse('2026-01-01T00:00:00Z'))
  const marks = new Marks(clock)
  const a = marks.next(); const b = marks.next()
  t.equal(a, '2026-01-01T00:00:00.000917Z')
  t.equal(b, '2026-01-01T00:00:00.001917Z', 'the next is a millisecond later, even at the same instant')
  const older = marks.before(b, 1)
  t.notOk(sameInstant(older, a), 'a mark set back skips a millisecond another mark has')
  t.ok(sameInstant('2026-01-01T00:00:00.001Z', b), 'a backend that keeps milliseconds still carries the mark')
  t.ok(sameInstant('2026-01-01T01:00:00.001917+01:00', b), 'another offset, the same instant')
  t.notOk(sameInstant('2026-01-01T00:00:00.002Z', b))
  t.notOk(sameInstant(undefined, b))
})

t.test('a fetch is a delivery\'s doing only when its window ends at the delivery\'s mark', async (t) => {
  const mark = '2026-01-01T00:00:05.000917Z'
  const real = '2026-01-01T00:00:04.123000Z'
  const entries = [read(6000, real), read(6100, mark), read(6200, '2026-01-01T00:00:05.000Z')]
  t.same(fetchesCarrying(entries, mark).map((f) => f.pages[0]!.id), [entries[1]!.id, entries[2]!.id], 'the poller\'s fetch of the real sync does not count')
  t.notOk(carries(read(1, real), mark))
})

t.test('a marked body: every last_sync_finished the mark, every result DONE, not the initial sync', async (t) => {
  const completed = JSON.stringify({ hook: { event: 'LinkedAccount.sync_completed' }, data: { is_initial_sync: true, sync_status: { 'crm.Contact': { last_sync_finished: 'x', last_sync_result: 'PARTIALLY_SYNCED' } } } })
  t.same(JSON.parse(marked(completed, 'M')).data, { is_initial_sync: false, sync_status: { 'crm.Contact': { last_sync_finished: 'M', last_sync_result: 'DONE' } } })
  const synced = JSON.stringify({ data: { sync_status: { model_id: 'crm.Contact', status: 'FAILED', is_initial_sync: true, last_sync_finished: 'x', last_sync_result: 'FAILED' } } })
  t.match(JSON.parse(marked(synced, 'M')).data.sync_status, { model_id: 'crm.Contact', status: 'DONE', is_initial_sync: false, last_sync_finished: 'M', last_sync_result: 'DONE' })
})

t.test('the attempts of one fetch: the reads carrying its mark; with a sync\'s mark a new poll ends them', async (t) => {
  const m = '2026-01-01T00:00:05.000917Z'
  const poll = entry(7150, { path: '/api/crm/v1/sync-status', facets: { endpoint: 'sync-status', next_fp: null } })
  const reads = [read(7000, m, 500), read(7100, m, 500), poll, read(7300, m, 500), read(7700, m, 500), read(8000, '2026-01-01T00:00:01Z', 500)]
  const all = [...reads].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
  t.equal(firstRun(all, m, (e) => e.status === 500, true).length, 4, 'a delivery\'s mark: a poll between attempts changes nothing')
  t.equal(firstRun(all, m, (e) => e.status === 500, false).length, 2, 'a sync\'s mark: the poll started a new call')
  t.equal(firstRun([read(1, m, 500), read(2, m, 200), read(3, m, 500)], m, (e) => e.status === 500, true).length, 2, 'ends at a success')
})

t.test('a retry schedule is judged as exponential backoff with jitter allows', async (t) => {
  const attempts = (...delays: number[]): Entry[] => {
    const out = [read(10_000, 'm', 500)]
    for (const d of delays) out.push(read(Date.parse(out.at(-1)!.at) + 3 + d, 'm', 500))
    return out
  }
  t.equal(judgeSchedule(attempts(115, 276, 423), '500', []).outcome, 'pass', 'exponential')
  t.equal(judgeSchedule(attempts(1069, 1016), '500', []).outcome, 'pass', 'equal jitter that drew a shorter second delay (a false alarm before)')
  t.equal(judgeSchedule(attempts(3, 180, 40), '500', []).outcome, 'pass', 'full jitter: a near-zero draw among others')
  t.equal(judgeSchedule(attempts(2000), '500', []).outcome, 'pass', 'Merge\'s own guide: a 500 retried once, after 2 s')
  t.equal(judgeSchedule(attempts(2), '500', []).outcome, 'fail', 'one retry at once: no backoff')
  t.equal(judgeSchedule(attempts(1, 2, 1), '500', []).outcome, 'fail', 'every retry at once')
  t.equal(judgeSchedule(attempts(100, 200, 400, 800), '500', []).outcome, 'fail', 'four retries')
  t.equal(judgeSchedule(attempts(), '500', []).outcome, 'fail', 'no retry')
})

t.test('pagination: a next nobody asked for fails, unless the account answered an error after it', async (t) => {
  const page = (ms: number, next: string | null, account = 'acc'): Entry => entry(ms, { account_id: account, query: { page_size: '100' }, facets: { endpoint: 'list', model: 'crm.Contact', next_fp: next } })
  const left = [page(1000, 'n1')]
  t.equal(unfollowed(fetchesOf(left), left).length, 1)
  const cut = [page(1000, 'n1', 'b'), entry(1100, { account_id: 'b', status: 401 })]
  t.equal(unfollowed(fetchesOf(cut), cut).length, 0, 'the service refused the account: not the backend\'s choice')
  const followed = [page(1000, 'n1'), entry(1100, { query: { page_size: '100', cursor: 'N1' }, facets: { endpoint: 'list', model: 'crm.Contact', cursor_fp: 'n1', next_fp: null } })]
  t.equal(unfollowed(fetchesOf(followed), followed).length, 0)
})

t.test('Retry-After is judged from the 429\'s arrival: a late answer stamp under load never fails a correct wait', async (t) => {
  // Under load unimock stamps the 429's answer when its event loop sees the write finish: here 30 ms after the
  // backend could already read it. The backend waited its 1000 ms from reading it: 1005 ms after the arrival.
  const limited = read(10_000, 'm', 429, { duration_ms: 30 })
  const next = read(11_005, 'm')
  t.equal(judgeRetryAfter(limited, next, 1, []).outcome, 'pass', 'measured from the answer stamp it would be 975 ms')
  t.equal(judgeRetryAfter(limited, read(10_998, 'm'), 1, []).outcome, 'pass', 'a timer firing a millisecond or two early')
  const ignored = judgeRetryAfter(limited, read(10_240, 'm'), 1, ['an answer'])
  t.equal(ignored.outcome, 'fail', 'a backoff that ignores Retry-After still fails')
  t.match(ignored.detail, /240 ms after a 429 with Retry-After: 1/)
  t.equal(judgeRetryAfter(limited, read(10_990, 'm'), 1, []).outcome, 'fail', 'ten milliseconds short is short')
})
