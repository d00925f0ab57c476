import t from 'tap'
import { keyHint } from '../../src/integration/base/tenants/seen-keys.js'
import { KEY, launchChromium, openDashboard } from './browser.js'

// A dashboard whose key is evicted beyond --max-tenants (#53): it says so and stops listening. Reconnecting
// would make its key's world anew, and that would evict whichever key had been idle the longest.

const browser = await launchChromium()

t.test('the evicted key\'s dashboard says why and asks for nothing more', async (t) => {
  const d = await openDashboard(t, browser, { maxTenants: 1 })
  // The page's own timers from here on are Playwright's fake ones: its reconnect interval is moved, not slept.
  await d.page.clock.install()
  const asked: string[] = []
  d.page.on('request', (r) => { if (r.headers().authorization === `Bearer ${KEY}`) asked.push(r.url()) })
  // Another key arrives: the dashboard's key, the only one, is idle the longest and goes.
  const other = await fetch(`${d.unimock.url}/_unimock/clock`, { headers: { authorization: 'Bearer key-that-comes-next' } })
  t.equal(other.status, 200)
  await d.page.getByTestId('evicted').waitFor()
  t.match(await d.page.getByTestId('evicted').innerText(), /This key's world was evicted: a new key came beyond the server's --max-tenants/)
  t.equal(await d.page.getByRole('status').first().innerText(), 'evicted', 'not "reconnecting"')
  // Five reconnect intervals: nothing asked with the evicted key, so the other key keeps its world.
  await d.page.clock.runFor(5000)
  t.same(asked.filter((u) => u.includes('/_unimock/stream')), [], 'no new stream')
  const keys = await (await fetch(`${d.unimock.url}/_unimock/keys`)).json() as { keys: Array<{ hint: string }> }
  t.same(keys.keys.map((k) => k.hint), [keyHint('key-that-comes-next')], 'one world: the key that came next\'s')
  t.same(d.errors, [], 'the page threw nothing')
})
