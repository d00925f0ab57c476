import t from 'tap'
import { makeApp } from '../helpers/app.js'

/**
 * A body that is not JSON is answered with one message that says what is wrong and where, in every interface's
 * dialect. Fastify's own text ("Body is not valid JSON but content-type is set to 'application/json'") came
 * after ours and said neither.
 */

const AUTH = { authorization: 'Bearer test_key', 'content-type': 'application/json' }
const PLACES = [
  { name: 'the unified service', url: '/api/hris/v1/link-token', status: 400, read: (b: any): string => b.detail },
  { name: 'the control API', url: '/_unimock/clock/advance', status: 400, read: (b: any): string => b.detail },
  // The Petstore answers invalid input on add with 405.
  { name: 'the plant store', url: '/v3/plant', status: 405, read: (b: any): string => b.message },
  // The body is read before the 404 (src/http/unrouted.ts), so it is judged there too.
  { name: 'a path no route serves', url: '/api/hris/v1/no-such-thing', status: 400, read: (b: any): string => b.detail },
  { name: 'a path outside every interface', url: '/nowhere', status: 400, read: (b: any): string => b.detail }
]

t.test('malformed JSON: one message with the position, in each dialect', async (t) => {
  const { app } = await makeApp(t)
  const cases: Array<[string, RegExp]> = [
    ['{"a": 1,}', /The request body is not valid JSON: Expected double-quoted property name in JSON at position 8 \(line 1 column 9\)\./],
    ['{\n  "a" 1\n}', /not valid JSON: Expected ':' after property name in JSON at position 8 \(line 2 column 7\)\./],
    ['nope', /not valid JSON: JSON value expected but got 'n' at position 0\./],
    ['{"a": 1', /not valid JSON: .* at position 7\b/]
  ]
  for (const place of PLACES) {
    for (const [payload, expected] of cases) {
      const res = await app.inject({ method: 'POST', url: place.url, headers: AUTH, payload })
      const message = place.read(res.json())
      t.equal(res.statusCode, place.status, `${place.name}, ${JSON.stringify(payload)}: status`)
      t.match(message, expected, `${place.name}, ${JSON.stringify(payload)}: ${message}`)
      t.equal(message.split('JSON').length - 1 <= 2, true, 'says it once (JSON in "in JSON at position" aside)')
      t.notMatch(message, /Body is not valid JSON|content-type is set/, 'not Fastify\'s second message')
    }
  }
})

t.test('a body that parses but sets __proto__ is refused, saying so', async (t) => {
  const { app } = await makeApp(t)
  const res = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', headers: AUTH, payload: '{"__proto__": {"by": "1d"}}' })
  t.equal(res.statusCode, 400)
  t.match(res.json().detail, /__proto__ or constructor\.prototype key, which is refused/)
})
