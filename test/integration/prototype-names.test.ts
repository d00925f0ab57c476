import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { Client } from './helpers.js'

/**
 * Request values looked up in the server's own tables are looked up as own keys only (#36): a value named like
 * a property every object inherits (`toString`, `constructor`, `__proto__`) is just an unknown value.
 */

t.test('a headless link error named like an inherited property is an unknown rejection, not a 500', async (t) => {
  const { app } = await makeApp(t)
  const client = new Client(app, 'proto_key')
  for (const error of ['toString', 'constructor', 'hasOwnProperty', 'valueOf', '__proto__', 'error_toString']) {
    const token = await client.linkToken('hris', { end_user_origin_id: `org-${error}` })
    const res = await client.complete(token, { outcome: 'error', error })
    t.equal(res.statusCode, 200, `${error}: ${res.body.slice(0, 160)}`)
    t.match(res.json(), { outcome: 'error', errors: [{ detail: /rejected the connection/ }] }, 'a generic rejection')
  }
})
