import t from 'tap'
import { allowedSyncComplete, lastSyncTimeMatches, readingOf } from '../../src/conform/checks/readiness-rules.js'
import type { SyncStatusRecord } from '../../src/conform/world.js'

type Status = SyncStatusRecord['status']

let models = 0
function model (status: Status, initial: boolean, finished: string | null = '2026-01-01T00:00:01.000500Z'): SyncStatusRecord {
  return {
    model_name: 'Employee', model_id: `hris.M${models++}`, last_sync_start: null, next_sync_start: null,
    last_sync_result: null, last_sync_finished: finished, status, is_initial_sync: initial
  }
}

t.test('the readings of the rules agree where the spec is clear', async (t) => {
  t.same(allowedSyncComplete([model('DONE', false), model('DONE', false)]).answers, [true], 'all DONE: ready')
  t.same(allowedSyncComplete([model('SYNCING', true), model('DONE', false)]).answers, [false], 'the initial sync running')
  t.same(allowedSyncComplete([model('FAILED', true), model('DONE', false)]).answers, [false], 'FAILED in the initial sync')
  t.same(allowedSyncComplete([model('PAUSED', false), model('DONE', false)]).answers, [false], 'PAUSED, whatever the readings')
  t.same(allowedSyncComplete([model('PARTIALLY_SYNCED', false), model('DONE', false)]).answers, [true], 'PARTIALLY_SYNCED after the initial sync')
  t.same(allowedSyncComplete([model('DISABLED', true), model('DONE', false)]).answers, [true], 'a DISABLED model is skipped (rule 1)')
  t.same(allowedSyncComplete([model('DISABLED', true)]).answers, [true], 'nothing enabled: nothing to wait for')
})

t.test('where rule 4 and rules 1-3 disagree both answers pass, and the verdict says which reading gave which', async (t) => {
  const partialInitial = [model('PARTIALLY_SYNCED', true), model('DONE', false)]
  const allowed = allowedSyncComplete(partialInitial)
  t.same(allowed.answers, [false, true])
  t.match(allowed.readings, /rule 4 gives true, rules 1-3 give false/)
  t.equal(readingOf(true, partialInitial), 'rule 4')
  t.equal(readingOf(false, partialInitial), 'rules 1-3')
  // A later sync running: rule 4 says not complete; rule 3 keeps the earlier data.
  t.same(allowedSyncComplete([model('SYNCING', false), model('DONE', false)]).answers, [false, true])
  t.same(allowedSyncComplete([model('FAILED', false), model('DONE', false)]).answers, [false, true], 'FAILED after the initial sync: data from earlier syncs remains')
})

t.test('last_sync_time is the latest last_sync_finished, to the microsecond or the millisecond', async (t) => {
  const states = [model('DONE', false, '2026-01-01T00:00:01.000500Z'), model('DONE', false, '2026-01-01T00:00:02.250750Z')]
  t.ok(lastSyncTimeMatches('2026-01-01T00:00:02.250750Z', states).ok)
  t.ok(lastSyncTimeMatches('2026-01-01T00:00:02.250Z', states).ok, 'a backend keeping milliseconds')
  t.ok(lastSyncTimeMatches('2026-01-01T01:00:02.250750+01:00', states).ok, 'another zone, the same instant')
  t.notOk(lastSyncTimeMatches('2026-01-01T00:00:01.000500Z', states).ok, 'an older model\'s')
  t.notOk(lastSyncTimeMatches('2026-01-01T00:00:02.050Z', states).ok, 'the start of the sync')
  t.notOk(lastSyncTimeMatches(null, states).ok)
  t.equal(lastSyncTimeMatches(null, states).expected, '2026-01-01T00:00:02.250750Z')
  const never = [model('SYNCING', true, null)]
  t.ok(lastSyncTimeMatches(null, never).ok, 'null while nothing has finished')
  t.notOk(lastSyncTimeMatches('2026-01-01T00:00:00Z', never).ok)
  const disabledLater = [model('DONE', false, '2026-01-01T00:00:01Z'), model('DISABLED', false, '2026-01-01T00:00:05Z')]
  t.ok(lastSyncTimeMatches('2026-01-01T00:00:05Z', disabledLater).ok, 'the latest of every model')
  t.ok(lastSyncTimeMatches('2026-01-01T00:00:01Z', disabledLater).ok, 'or of the enabled ones')
})
