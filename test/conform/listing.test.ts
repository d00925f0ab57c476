import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { Backend } from '../../src/conform/backend.js'
import { SystemClock } from '../../src/core/clock.js'
import { BackendFault } from '../../src/conform/errors.js'
import { listing } from '../../src/conform/link-flow.js'
import { parseRouteMap } from '../../src/conform/route-map.js'

// The backend's listing is a witness (relink, delete, page.reconnect, page.delete): read where the route map says,
// and never misread as empty. A listing whose rows are elsewhere once let a backend that kept what it deleted pass.

t.test('the listing is read where the route map says, and a listing the kit cannot read says so', async (t) => {
  let answer: unknown = {}
  const server = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)) })
  await new Promise<void>((resolve) => { server.listen(0, '127.0.0.1', resolve) })
  t.teardown(() => { server.close() })
  const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const backendWith = (map: object): Backend => new Backend({ appUrl, prefix: '/api', routes: parseRouteMap(JSON.stringify(map), 'm'), timeoutMs: 5000 }, new SystemClock())
  const user = { name: 'user 1', headers: {} }
  const row = { linked_account_id: 'acc-1', category: 'crm', status: 'active' }

  answer = { connections: [row] }
  const spec = backendWith({})
  await t.rejects(listing(spec, user), BackendFault, 'rows elsewhere than "integrations": a fault, not an empty listing')
  await t.rejects(listing(spec, user), { message: /expected GET \/api\/integrations .* to answer \{"integrations": \[\{"integration_id": \.\.\..*"field"/ })

  const named = backendWith({ integrations: { path: '/connections', field: 'connections', id: 'linked_account_id' } })
  t.match(await listing(named, user), [{ integration_id: 'acc-1', category: 'crm', status: 'active' }], 'read where the route map says')

  answer = { connections: [{ id: 'acc-1', category: 'crm' }] }
  await t.rejects(listing(named, user), { message: /each row of .*"connections" to carry its id as "linked_account_id"/ }, 'a row without its id')

  answer = { connections: [] }
  t.same(await listing(named, user), [], 'an empty listing is empty')
  t.equal(await listing(backendWith({ integrations: null }), user), undefined, 'no listing: nothing to read')
})
