import t from 'tap'
import { strictProblems } from '../../helpers/strict-parse.js'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'

/** GET available-actions (issue #15, facts §10): from integration-support.json through fixtures/available-actions.json. */

t.test('available-actions names what the account\'s integration reads, creates and updates', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const hris = await c.link('hris', 'org1', { integration: 'bamboohr' })
  const res = await c.withAccount(hris.accountToken).get('/api/hris/v1/available-actions')
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.same(strictProblems('hris.AvailableActions', body), [], 'a strict client parses it')
  t.match(body.integration, { name: 'BambooHR', slug: 'bamboohr', categories: ['hris'] })
  t.equal(body.passthrough_available, true)
  const employee = body.available_model_operations.find((m: { model_name: string }) => m.model_name === 'Employee')
  t.same(employee.available_operations, ['FETCH', 'CREATE'])
  t.same(employee.required_post_parameters, ['work_email'])
  t.ok(employee.supported_fields.includes('first_name'))
  const readOnly = body.available_model_operations.find((m: { available_operations: string[] }) => m.available_operations.join() === 'FETCH')
  t.ok(readOnly.supported_fields.length > 0, 'a read-only model lists the fields it reads')
  t.notOk(readOnly.supported_fields.includes('id'))

  const ats = await c.link('ats', 'org1', { integration: 'greenhouse' })
  const atsBody = (await c.withAccount(ats.accountToken).get('/api/ats/v1/available-actions')).json()
  t.same(strictProblems('ats.AvailableActions', atsBody), [])
  const creates = atsBody.available_model_operations.filter((m: { available_operations: string[] }) => m.available_operations.includes('CREATE'))
  t.ok(creates.length > 0)
  t.ok(creates.every((m: { required_post_parameters: string[] }) => m.required_post_parameters.includes('remote_user_id')), 'ATS writes name their user')

  t.equal((await c.get('/api/hris/v1/available-actions')).statusCode, 401, 'it needs the account token')
})
