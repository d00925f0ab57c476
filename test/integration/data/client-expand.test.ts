import t from 'tap'
import { strictProblems } from '../../helpers/strict-parse.js'
import { dataAccount, dataApp } from './helpers.js'

/**
 * Every expand value the official client offers for a relation to a model is accepted: the facts list none
 * for GeneralLedgerTransaction and Team, which used to answer 400 (issue #15).
 */
t.test('general-ledger-transactions and teams expand the relations the client offers', async (t) => {
  const { app } = await dataApp(t)
  const accounting = await dataAccount(app, 'accounting')
  const gl = await accounting.api.get('/api/accounting/v1/general-ledger-transactions?page_size=3&expand=accounting_period,company,tracking_categories')
  t.equal(gl.statusCode, 200, gl.body.slice(0, 200))
  t.same(strictProblems('accounting.PaginatedGeneralLedgerTransactionList', gl.json()), [])
  const withPeriod = gl.json().results.find((r: { accounting_period: unknown }) => r.accounting_period !== null)
  if (withPeriod !== undefined) t.type(withPeriod.accounting_period, 'object', 'the period is inlined')

  const hris = await dataAccount(app, 'hris')
  const teams = await hris.api.get('/api/hris/v1/teams?expand=parent_team')
  t.equal(teams.statusCode, 200, teams.body.slice(0, 200))
  t.same(strictProblems('hris.PaginatedTeamList', teams.json()), [])
  const child = teams.json().results.find((r: { parent_team: unknown }) => r.parent_team !== null)
  if (child !== undefined) t.type(child.parent_team, 'object', 'the parent team is inlined')
  t.equal((await hris.api.get('/api/hris/v1/teams?expand=nonsense')).statusCode, 400, 'unknown values are still refused')
})

t.test('hris groups/types answers the group types with the API key alone, and is not taken for a group id', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris')
  const keyOnly = await hris.control.get('/api/hris/v1/groups/types')
  t.equal(keyOnly.statusCode, 200)
  t.same(keyOnly.json(), { types: ['TEAM', 'DEPARTMENT', 'COST_CENTER', 'BUSINESS_UNIT', 'GROUP'] })
  t.same(strictProblems('hris.GroupsTypesListResponse', keyOnly.json()), [])
  t.equal((await hris.api.get('/api/hris/v1/groups/types')).statusCode, 200, 'with the account token the client sends too')
})

t.test('a fixed path of the catalogue is never taken for a record id', async (t) => {
  const { app } = await dataApp(t)
  const crm = await dataAccount(app, 'crm', 'test-key', { sync: false })
  const ticketing = await dataAccount(app, 'ticketing', 'test-key', { sync: false })
  for (const [api, path] of [[crm.api, '/api/crm/v1/contacts/remote-field-classes'], [ticketing.api, '/api/ticketing/v1/tickets/live-search'], [crm.api, '/api/crm/v1/contacts/meta']] as const) {
    const res = await api.get(path)
    // Whichever branch serves the fixed path answers it; until then it is an unknown route, never a record.
    t.notMatch(res.json(), { detail: /with id/ }, `${path}: ${res.body.slice(0, 120)}`)
    if (res.statusCode === 404) t.match(res.json(), { detail: /^No route GET / })
  }
  t.match((await crm.api.get('/api/crm/v1/contacts/5f1c9a8e-0000-4000-8000-000000000000')).json(), { detail: /No Contact with id/ }, 'a real id still gets the record answer')
})
