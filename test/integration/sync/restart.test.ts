import t, { type Test } from 'tap'
import { join } from 'node:path'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'

/** Links an hris account and returns what a polling integrator sees, on an app over `db`. */
async function open (t: Test, db: string, clockStart?: string) {
  const { app } = await makeApp(t, { db, rateLimit: 'off', ...(clockStart === undefined ? {} : { clockStart }) })
  const api = new Client(app, 'test_restart')
  const advance = async (by: string): Promise<void> => {
    await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by } })
  }
  const snapshot = async (accountToken: string) => {
    const account = api.withAccount(accountToken)
    const status = (await account.get('/api/hris/v1/sync-status?page_size=100')).json().results
    const employees: unknown[] = []
    let cursor: string | null = null
    do {
      const body: any = (await account.get(`/api/hris/v1/employees?page_size=100&include_deleted_data=true${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`)).json()
      employees.push(...body.results)
      cursor = body.next
    } while (cursor !== null)
    return { status, employees }
  }
  return { app, api, advance, snapshot }
}

t.test('a restart in the middle of the initial sync carries on without losing or repeating a sync', async (t) => {
  const dir = t.testdir()

  // The reference: the same story without a restart.
  const steady = await open(t, join(dir, 'steady.db'))
  const steadyToken = (await steady.api.link('hris', 'org-r')).accountToken
  await steady.advance('70s')
  await steady.advance('2h')
  const expected = await steady.snapshot(steadyToken)

  const first = await open(t, join(dir, 'restart.db'))
  const token = (await first.api.link('hris', 'org-r')).accountToken
  await first.advance('70s')
  const midway = await first.snapshot(token)
  t.ok(midway.status.some((s: any) => s.status === 'SYNCING'), 'stopped while models were still syncing')
  t.ok(midway.employees.length > 0 || midway.status.find((s: any) => s.model_id === 'hris.Employee').status === 'SYNCING')
  await first.app.close()

  const second = await open(t, join(dir, 'restart.db'), '2026-01-01T00:01:10.000Z')
  await second.advance('2h')
  const after = await second.snapshot(token)
  t.same(after.status, expected.status, 'every model finished exactly as without the restart')
  t.same(after.employees, expected.employees, 'the same records, none lost, none written twice')
  t.ok(after.status.every((s: any) => s.status === 'DONE'))
})
