import t, { type Test } from 'tap'
import { FOLD_EPOCHS, RemoteChanges } from '../../../src/integration/third-party/data/records/remote-changes.js'
import { dataAccount, dataApp } from './helpers.js'

/**
 * A long gap between syncs (an account resumed after months idle, a clock jump of years, #19): its older part
 * is folded into one batch worth at most 14 days of churn, so the first pass after it does bounded work and
 * the remote does not grow with the gap's length. Gaps of up to 14 days replay minute by minute, unchanged.
 */

const DAY = 86_400_000
const EMPLOYEES = 1_000
// --data-churn 0.02: 2 % of the records change per day, a quarter of that are created, a tenth deleted.
const PER_DAY = { created: EMPLOYEES * 0.005, changed: EMPLOYEES * 0.02, deleted: EMPLOYEES * 0.002 }

async function afterGap (t: Test, days: number) {
  const { app, clock } = await dataApp(t, { dataVolume: [`hris.employees=${EMPLOYEES}`], dataChurn: 0.02 })
  const hris = await dataAccount(app, 'hris')
  // Paused: no periodic sync catches up meanwhile, the one pass below sees the whole gap.
  t.equal((await hris.control.post(`/_unimock/linked-accounts/${hris.id}/pause`)).statusCode, 200)
  await clock.advanceBy(days * DAY)
  const [pass] = await hris.syncPass('hris.Employee')
  return { pass: pass!, hris }
}

t.test('the first pass after years away writes at most 28 days of churn, however long the gap', async (t) => {
  for (const days of [3650, 36_500]) {
    const { pass } = await afterGap(t, days)
    t.ok(pass.created <= PER_DAY.created * 28 + 28, `${days} days: ${pass.created} created, at most 28 days' worth (${PER_DAY.created * 28})`)
    t.ok(pass.created >= PER_DAY.created * 14, `${days} days: but the remote did change (${pass.created} created)`)
    t.ok(pass.deleted <= PER_DAY.deleted * 28 + 28, `${days} days: ${pass.deleted} deleted`)
    t.equal(pass.remaining, 0, 'the gap is caught up in that pass')
  }
})

t.test('a gap of up to 14 days replays every minute of it, as before', async (t) => {
  const { pass } = await afterGap(t, 13)
  // Within a binomial spread of the expected 13 days of creates (65): no fold cut it short.
  t.ok(pass.created >= 40 && pass.created <= 90, `${pass.created} created in 13 days`)
})

t.test('what the control API says is pending is what the pass then writes, fold included', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: [`hris.employees=${EMPLOYEES}`], dataChurn: 0.02 })
  const hris = await dataAccount(app, 'hris')
  t.equal((await hris.control.post(`/_unimock/linked-accounts/${hris.id}/pause`)).statusCode, 200)
  await clock.advanceBy(400 * DAY)
  const edit = await hris.control.post(`/_unimock/linked-accounts/${hris.id}/data/remote-changes`, { model_id: 'hris.Employee', created: 1 })
  t.equal(edit.statusCode, 201, edit.body)
  const pending = edit.json().pending as number
  const passes = []
  // Short passes: the fold is an edit like any other, resumed where a pass stopped.
  for (let i = 0; i < 100; i++) {
    const [p] = await hris.syncPass('hris.Employee', 25)
    passes.push(p!)
    if (p!.remaining === 0) break
  }
  const written = passes.reduce((n, p) => n + p.created + p.changed + p.deleted, 0)
  t.ok(written <= pending && written >= pending * 0.8, `${written} written of the ${pending} announced (a change may land on a deleted record and write nothing)`)
  t.equal(passes.at(-1)!.remaining, 0)
  t.ok(passes.length > 1, 'over several short passes')
})

t.test('the fold is a pure function of the span: the same gap folds the same way', async (t) => {
  const changes = new RemoteChanges(1234, EMPLOYEES, { created: 0.005, changed: 0.02, deleted: 0.002 })
  t.equal(RemoteChanges.foldEnd(0, FOLD_EPOCHS), undefined, 'a lag of exactly 14 days is replayed whole')
  t.equal(RemoteChanges.foldEnd(0, FOLD_EPOCHS + 1), 1)
  t.same(changes.fold(0, 500_000, 900), changes.fold(0, 500_000, 900))
  const long = changes.fold(0, 50_000_000, 900)
  t.ok(long.created <= 0.005 * EMPLOYEES * 14 + 1, `a century folds to 14 days of creates (${long.created})`)
  t.ok(long.changed <= 900 && long.deleted <= 900, 'changes and deletes at most the records there were')
})
