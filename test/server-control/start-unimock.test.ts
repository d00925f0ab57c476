import t from 'tap'
import { startUnimock } from '../../src/index.js'

t.test('startUnimock serves on a free port with a virtual clock and closes', async (t) => {
  const server = await startUnimock()
  t.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/)
  const clock = await (await fetch(`${server.url}/_unimock/clock`)).json() as { mode: string, now: string }
  t.equal(clock.mode, 'virtual')
  t.equal(clock.now, '2026-01-01T00:00:00.000Z')
  const advanced = await fetch(`${server.url}/_unimock/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ by: '1h' }) })
  t.same(await advanced.json(), { now: '2026-01-01T01:00:00.000Z' })
  await server.close()
  await t.rejects(fetch(`${server.url}/_unimock/health`), 'nothing listens after close')
})

t.test('two servers are independent', async (t) => {
  const a = await startUnimock()
  const b = await startUnimock({ clockStart: '2030-01-01T00:00:00Z' })
  t.teardown(async () => { await a.close(); await b.close() })
  t.not(a.url, b.url)
  const nowB = await (await fetch(`${b.url}/_unimock/clock`)).json() as { now: string }
  t.equal(nowB.now, '2030-01-01T00:00:00.000Z')
})
