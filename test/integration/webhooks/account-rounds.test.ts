import t from 'tap'
import { webhookSetup } from './helpers.js'

t.test('periodic syncs drift apart per model, yet LinkedAccount.sync_completed fires once per account-wide sync', async (t) => {
  const w = await webhookSetup(t, { syncInterval: '5m' })
  await w.addTarget({ events: ['LinkedAccount.sync_completed', 'Employee.synced'] })
  await w.account()
  await w.advance('3h')
  const completed = await w.deliveries('?event=LinkedAccount.sync_completed&limit=1000')
  const employee = await w.deliveries('?event=Employee.synced&limit=1000')
  // Each model cycles every 5 minutes plus its own sync time, so all 16 models have synced about 30 times.
  t.ok(employee.length >= 25, `Employee synced ${employee.length} times in 3 hours`)
  t.ok(completed.length >= 1, 'account-wide completions happen')
  t.ok(completed.length <= employee.length + 1,
    `at most one account-wide completion per cycle: ${completed.length} completions for ${employee.length} employee syncs`)
  const initial = completed.filter((d) => d.payload.data.is_initial_sync === true)
  t.equal(initial.length, 1, 'exactly one completion is the initial sync')
  for (const d of completed) {
    t.equal(Object.keys(d.payload.data.sync_status).length, 16, 'every model is reported')
  }
})
