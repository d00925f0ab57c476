import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { KitError } from '../../src/conform/errors.js'
import { settingsOf } from '../../src/conform/options.js'
import { parseRouteMap, requestFor, SPEC_ROUTES } from '../../src/conform/route-map.js'

const ids = ['link.fresh-token']

t.test('a route map: what it leaves out is the spec\'s; each route places its inputs where it says', async (t) => {
  const map = parseRouteMap(JSON.stringify({
    prefix: '/api/merge/',
    'exchange-public-token': { path: '/exchange-public-token', category: 'category', origin_id: 'end_user_origin_id' },
    'relink-integration': { path: '/relink-integration', id: 'linked_account_id' },
    'delete-integration': { method: 'delete', path: '/integrations/{id}' },
    'check-sync-status': { method: 'GET', path: '/integrations/{id}/sync', id: 'x' },
    webhook: { path: '/hooks' },
    integrations: null,
    id_from: 'linked-account-id'
  }), 'm.json')
  t.equal(map.prefix, '/api/merge')
  t.same(map.routes['create-link-token'], SPEC_ROUTES.routes['create-link-token'])
  t.equal(map.integrations, null)
  t.same(map.idFrom, { from: 'linked-account-id' })
  t.same(requestFor(map.routes['exchange-public-token'], { publicToken: 'p', category: 'crm', originId: 'o' }), { method: 'POST', path: '/exchange-public-token', body: { public_token: 'p', end_user_origin_id: 'o', category: 'crm' } })
  t.same(requestFor(map.routes['relink-integration'], { id: 'a-b' }), { method: 'POST', path: '/relink-integration', body: { linked_account_id: 'a-b' } })
  t.same(requestFor(map.routes['delete-integration'], { id: 'a/b' }), { method: 'DELETE', path: '/integrations/a%2Fb', body: {} })
  t.same(requestFor(map.routes['check-sync-status'], { id: 7, category: 'crm' }), { method: 'GET', path: '/integrations/7/sync', body: undefined })
  t.same(requestFor(SPEC_ROUTES.routes['check-sync-status'], {}), { method: 'POST', path: '/check-sync-status', body: {} }, 'no id: none sent (the 400 the spec names)')
  t.same(parseRouteMap('{"id_from": "exchange:data.id"}', 'm').idFrom, { from: 'exchange', field: 'data.id' })
  t.same(SPEC_ROUTES.integrations, { method: 'GET', path: '/integrations', field: 'integrations', id: 'integration_id' }, 'the listing: {"integrations": [{"integration_id": ...}]}')
  t.same(parseRouteMap('{"integrations": {"path": "/connections", "field": "data.connections", "id": "linked_account_id"}}', 'm').integrations,
    { method: 'GET', path: '/connections', field: 'data.connections', id: 'linked_account_id' }, 'where its rows are and what their id is called')
})

t.test('a bad route map stops the kit with the key named', async (t) => {
  const bad: Array<[string, RegExp]> = [
    ['not json', /--routes m: not JSON/],
    ['[]', /must be a JSON object/],
    ['{"relink": {}}', /"relink" is not a key of a route map/],
    ['{"relink-integration": {"path": "x"}}', /"relink-integration.path" must be a path starting with \//],
    ['{"relink-integration": {"paht": "/x"}}', /"relink-integration.paht" is not a key of a route/],
    ['{"relink-integration": {"method": "FETCH"}}', /"relink-integration.method" must be one of GET, POST/],
    ['{"relink-integration": {"id": "a b"}}', /"relink-integration.id" must be a field name/],
    ['{"id_from": "answer"}', /"id_from" must be "exchange:FIELD"/],
    ['{"integrations": 3}', /"integrations" must be/],
    ['{"integrations": {"path": "/c", "fild": "c"}}', /"integrations.fild" is not a key of the listing \(method, path, field, id\)/],
    ['{"integrations": {"path": "/c", "field": "a b"}}', /"integrations.field" must be a field name/]
  ]
  for (const [text, message] of bad) t.throws(() => parseRouteMap(text, 'm'), message, text)
  t.throws(() => parseRouteMap('[]', 'm'), KitError)
})

t.test('settings: --routes read from a file, its prefix standing in for --app-prefix; --poll-interval bounded', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'routes-'))
  const file = join(dir, 'routes.json')
  writeFileSync(file, JSON.stringify({ prefix: '/api/merge' }))
  const base = { appUrl: 'http://127.0.0.1:3100', appHeaders: ['A: b'] }
  t.equal(settingsOf({ ...base, routes: file }, ids).prefix, '/api/merge')
  t.equal(settingsOf({ ...base, routes: file, appPrefix: '/other' }, ids).prefix, '/other', '--app-prefix wins')
  t.throws(() => settingsOf(base, ids), /--app-prefix is needed .* unless the --routes map has a "prefix"/)
  t.throws(() => settingsOf({ ...base, routes: join(dir, 'missing.json') }, ids), /--routes .*missing.json: cannot be read \(ENOENT\)/)
  t.equal(settingsOf({ ...base, appPrefix: '/p', pollIntervalMs: 3_600_000 }, ids).pollMs, 3_600_000)
  t.throws(() => settingsOf({ ...base, appPrefix: '/p', pollIntervalMs: 25 * 3_600_000 }, ids), /--poll-interval must be a duration from 1ms to 24h/)
})
