import t from 'tap'
import { dataAccount, dataApp } from './helpers.js'

/**
 * Remote changes on demand (POST /_unimock/linked-accounts/{id}/data/remote-changes): the simulated system
 * changes now and the next sync pass of the model makes exactly those changes visible. Steady churn is off
 * here so every change seen comes from the edit.
 */

t.test('an edit becomes visible at the next sync pass, and only then', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['hris.employees=50'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  t.equal((await hris.walk('/api/hris/v1/employees', {}, 100)).length, 50, 'the initial load is written')

  await clock.advanceBy(3_600_000)
  const edit = await hris.control.post(`/_unimock/linked-accounts/${hris.id}/data/remote-changes`, { model_id: 'hris.Employee', created: 3, changed: 4, deleted: 2 })
  t.equal(edit.statusCode, 201, edit.body)
  t.same(edit.json(), { model_id: 'hris.Employee', created: 3, changed: 4, deleted: 2, pending: 9 }, 'the answer says what the next sync will write')
  t.equal((await hris.walk('/api/hris/v1/employees', {}, 100)).length, 50, 'nothing is visible before a sync')

  await clock.advanceBy(60_000)
  const [pass] = await hris.syncPass('hris.Employee')
  t.equal(pass!.created, 3, 'three new records')
  t.ok(pass!.changed >= 1 && pass!.changed <= 4, `changed ${pass!.changed} of the 4 asked (a pick may repeat or land on a deleted record)`)
  t.ok(pass!.deleted >= 1 && pass!.deleted <= 2, `deleted ${pass!.deleted}`)
  t.equal(pass!.remaining, 0, 'nothing pending after the pass')

  const changedSince = await hris.walk('/api/hris/v1/employees', { modified_after: pass!.modified_at.replace(/\d{6}Z$/, (m) => String(Number(m.slice(0, 6)) - 1).padStart(6, '0') + 'Z'), include_deleted_data: 'true' }, 100)
  t.equal(changedSince.length, pass!.created + pass!.changed + pass!.deleted, 'an incremental fetch sees exactly the records the pass wrote')
  t.equal(changedSince.filter((r) => r.remote_was_deleted === true).length, pass!.deleted, 'deleted records carry remote_was_deleted')
  t.equal((await hris.walk('/api/hris/v1/employees', {}, 100)).length, 50 + 3 - pass!.deleted, 'the live count moves by created - deleted')

  const [again] = await hris.syncPass('hris.Employee')
  t.same([again!.created, again!.changed, again!.deleted], [0, 0, 0], 'an edit is applied once')
})

t.test('a short pass resumes an edit where it stopped, with the same records', async (t) => {
  const twin = async (maxRecords: number | undefined): Promise<string[]> => {
    const { app, clock } = await dataApp(t, { dataVolume: ['hris.employees=40'], dataChurn: 0, seed: 7 })
    const hris = await dataAccount(app, 'hris')
    await clock.advanceBy(120_000)
    await hris.control.post(`/_unimock/linked-accounts/${hris.id}/data/remote-changes`, { model_id: 'hris.Employee', created: 5, changed: 5 })
    if (maxRecords !== undefined) {
      const [p1] = await hris.syncPass('hris.Employee', maxRecords)
      t.equal(p1!.remaining, 10 - maxRecords, 'a short pass leaves the rest of the edit pending')
    }
    await hris.syncPass('hris.Employee')
    return (await hris.walk('/api/hris/v1/employees', {}, 100)).map((r) => `${r.id as string}:${r.first_name as string}`).sort()
  }
  t.same(await twin(4), await twin(undefined), 'split or whole, the edit ends with the same records')
})

t.test('bad remote changes answer 400/409 and change nothing', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=10'], dataChurn: 0 })
  const hris = await dataAccount(app, 'hris')
  const url = `/_unimock/linked-accounts/${hris.id}/data/remote-changes`
  const empty = await hris.control.post(url, { model_id: 'hris.Employee' })
  t.equal(empty.statusCode, 400)
  t.match(empty.json().detail, /at least one of created, changed or deleted/)
  const wrongModel = await hris.control.post(url, { model_id: 'ats.Candidate', created: 1 })
  t.equal(wrongModel.statusCode, 400)
  t.match(wrongModel.json().detail, /ats\.Candidate/)
  const negative = await hris.control.post(url, { model_id: 'hris.Employee', created: -1 })
  t.equal(negative.statusCode, 400)
  t.match(negative.body, /created/)
  const incomplete = await hris.control.post('/api/hris/v1/link-token', { end_user_origin_id: 'o-x', end_user_organization_name: 'X', end_user_email_address: 'x@example.com', categories: ['hris'] })
  t.equal(incomplete.statusCode, 200)
  const accounts = (await hris.control.get('/_unimock/linked-accounts')).json().results as Array<{ id: string, completed_at: string | null }>
  const pendingId = accounts.find((a) => a.completed_at === null)!.id
  t.equal((await hris.control.post(`/_unimock/linked-accounts/${pendingId}/data/remote-changes`, { model_id: 'hris.Employee', created: 1 })).statusCode, 409, 'an account still linking has no remote data yet')
  const [pass] = await hris.syncPass('hris.Employee')
  t.same([pass!.created, pass!.changed, pass!.deleted], [0, 0, 0], 'none of the refused edits was recorded')
})
