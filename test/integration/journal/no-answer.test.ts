import t from 'tap'
import { request } from 'undici'
import { faultSetup } from '../faults/helpers.js'

/** Requests that never get an answer are journaled too, with status 0, when their connection closes. */

t.test('a reset and a hang the client gives up on are journaled with status 0', async (t) => {
  const s = await faultSetup(t)
  const base = await s.listen()
  await s.addFault({ kind: 'reset', count: 1, scope: { model: 'hris.Employee' } })
  await t.rejects(request(`${base}/api/hris/v1/employees`, { headers: s.account.headers() }), 'the client sees the reset')
  await s.addFault({ kind: 'hang', count: 1, scope: { model: 'hris.Location' } })
  await t.rejects(request(`${base}/api/hris/v1/locations`, { headers: s.account.headers(), signal: AbortSignal.timeout(200) }), 'the client gives up')
  const answered = await request(`${base}/api/hris/v1/teams`, { headers: s.account.headers() })
  await answered.body.text()
  t.equal(answered.statusCode, 200)

  let entries: Array<{ path: string, status: number }> = []
  for (let i = 0; i < 100; i++) {
    entries = (await s.control('GET', '/requests?order=oldest&limit=1000')).json().entries
    if (entries.some((e) => e.path === '/api/hris/v1/locations')) break
    await new Promise((resolve) => { setImmediate(resolve) })
  }
  const byPath = (path: string) => entries.filter((e) => e.path === path).map((e) => e.status)
  t.same(byPath('/api/hris/v1/employees'), [0], 'the reset request: status 0')
  t.same(byPath('/api/hris/v1/locations'), [0], 'the hung request the client abandoned: status 0')
  t.same(byPath('/api/hris/v1/teams'), [200], 'an answered request once, with its status')

  const unanswered = (await s.control('GET', '/requests?order=oldest&status=0')).json().entries as Array<{ path: string, status: number }>
  t.same(unanswered.map((e) => `${e.status} ${e.path}`), ['0 /api/hris/v1/employees', '0 /api/hris/v1/locations'], 'status=0 finds exactly the unanswered')
  t.equal((await s.control('GET', '/requests?status=00')).statusCode, 400, 'only a single 0')
})
