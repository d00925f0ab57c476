import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { Client } from '../helpers.js'
import { dataAccount, dataApp } from './helpers.js'

t.test('with a file database the synced data, its ids and its cursors survive a restart', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'unimock-data-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const db = join(dir, 'unimock.db')

  const first = await dataApp(t, { db, dataVolume: ['hris.employees=120'] })
  const hris = await dataAccount(first.app, 'hris')
  const before = await hris.walk('/api/hris/v1/employees', {}, 100)
  const page1 = (await hris.api.get('/api/hris/v1/employees?page_size=50')).json()
  await first.app.close()

  const second = await dataApp(t, { db, dataVolume: ['hris.employees=120'] })
  const api = new Client(second.app, hris.api.key, hris.api.accountToken)
  const after = await api.get('/api/hris/v1/employees?page_size=100')
  t.equal(after.statusCode, 200)
  const rest = await api.get(`/api/hris/v1/employees?page_size=100&cursor=${after.json().next}`)
  t.same([...after.json().results, ...rest.json().results], before, 'the same records, field for field')
  const next = await api.get(`/api/hris/v1/employees?page_size=50&cursor=${page1.next}`)
  t.equal(next.statusCode, 200, 'a cursor issued before the restart still works')
  t.same(next.json().results, before.slice(50, 100))
})
