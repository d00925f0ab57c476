import t from 'tap'
import { makeApp } from '../helpers/app.js'

const key = { authorization: 'Bearer test_unknown_fields' }

t.test('the control API refuses an unknown body field, naming it, and changes nothing', async (t) => {
  const { app } = await makeApp(t)
  const before = (await app.inject('/_unimock/clock')).json().now as string
  const advance = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1h', unti: '2026-02-01T00:00:00Z' } })
  t.equal(advance.statusCode, 400)
  t.match(advance.json(), { code: 'INVALID_REQUEST', detail: /unknown field unti/ })
  t.equal((await app.inject('/_unimock/clock')).json().now, before, 'the clock did not move')

  const link = await app.inject({ method: 'POST', url: '/_unimock/linked-accounts', headers: key, payload: { category: 'hris', end_user_origin_id: 'o1', integraton: 'bamboohr' } })
  t.equal(link.statusCode, 400)
  t.match(link.json().detail, /unknown field integraton/)
  t.same((await app.inject({ url: '/_unimock/linked-accounts', headers: key })).json(), { results: [] }, 'no account was made')
})

t.test('the simulated interfaces ignore unknown body fields, as the real ones do', async (t) => {
  const { app } = await makeApp(t)
  const linkToken = await app.inject({
    method: 'POST',
    url: '/api/hris/v1/link-token',
    headers: key,
    payload: { end_user_origin_id: 'o1', end_user_organization_name: 'Org', end_user_email_address: 'a@example.com', categories: ['hris'], not_a_field: true }
  })
  t.equal(linkToken.statusCode, 200)
  t.type(linkToken.json().link_token, 'string')

  const plant = await app.inject({ method: 'POST', url: '/v3/plant', payload: { name: 'Fig', colour: 'green' } })
  t.equal(plant.statusCode, 200)
  t.same(Object.keys(plant.json()), ['id', 'name', 'status', 'tags'])
})
