import t from 'tap'
import { SystemClock } from '../../src/core/clock.js'
import { World } from '../../src/conform/world.js'
import { fail, pass } from '../../src/conform/verdict.js'

// GET /_unimock/conformance: the kit's run as its own unimock serves it, each check with the backend's requests behind it.

const linkToken = async (world: World, originId: string): Promise<number> => {
  const res = await fetch(`${world.url}/api/crm/v1/link-token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ end_user_origin_id: originId, end_user_organization_name: 'Acme', end_user_email_address: 'a@acme.example', categories: ['crm'] })
  })
  return res.status
}

interface Entry { id: number, path: string, facets: { end_user_origin_id: string } }
interface Check { verdict: string, after_id: number, until_id: number, requests: Entry[] }
interface Body { run: { status: number | null, finished_at: string | null, checks: Check[] } }

t.test('the checks so far, their verdicts, and the backend\'s requests in each check\'s window', async (t) => {
  const world = await World.start({ port: 0, timeoutMs: 5000 }, new SystemClock())
  t.teardown(() => world.close())
  const read = async (key = world.apiKey): Promise<Response> => await fetch(`${world.url}/_unimock/conformance`, { headers: { authorization: `Bearer ${key}` } })

  t.same(await (await read()).json(), { run: null }, 'no run yet')

  world.record.begin()
  const first = { id: 'link.first', rule: 'the first rule' }
  const second = { id: 'link.second', rule: 'the second rule' }
  world.record.start([first])
  t.equal(await linkToken(world, 'user-1'), 200)
  await world.kitLinkToken('crm', 'kit-own')
  let body = await (await read()).json() as Body
  t.equal(body.run.status, null, 'running')
  t.match(body.run.checks, [{ id: 'link.first', rule: 'the first rule', verdict: 'running', detail: null, until_id: null }])
  t.same(body.run.checks[0]!.requests.map((e) => e.path), ['/api/crm/v1/link-token'], 'the backend\'s request, not the kit\'s own')

  world.record.conclude(first, pass('one link token'))
  world.record.start([second])
  t.equal(await linkToken(world, 'user-2'), 200)
  t.equal(await linkToken(world, 'user-3'), 200)
  world.record.conclude(second, fail('two link tokens', { expected: 'one', got: 'two', requests: ['#2', '#3'] }))
  world.record.finish(1, undefined)
  t.equal(await linkToken(world, 'user-4'), 200, 'a request after the run')

  body = await (await read()).json() as Body
  t.equal(body.run.status, 1)
  t.type(body.run.finished_at, 'string')
  const [a, b] = body.run.checks as [Check, Check]
  t.match(a, { verdict: 'pass', detail: 'one link token', evidence: null })
  t.equal(a.requests.length, 1, 'the first check keeps its one request')
  t.match(b, { verdict: 'fail', detail: 'two link tokens', evidence: { expected: 'one', got: 'two', requests: ['#2', '#3'] } })
  t.same(b.requests.map((e) => e.facets.end_user_origin_id), ['user-2', 'user-3'], 'the second its two, not the one after the run')
  t.ok(b.requests.every((e) => e.id > b.after_id && e.id <= b.until_id))

  t.equal((await read('someone-else')).status, 401, 'the kit\'s unimock takes the run\'s key alone')
  t.equal((await fetch(`${world.url}/_unimock/conformance`)).status, 401)
})
