import t from 'tap'
import { checkScenarios } from '../../src/cli/check.js'
import { Progress } from '../../src/cli/progress.js'
import { parseConfig } from '../../src/config.js'
import { makeApp } from '../helpers/app.js'
import { Client } from '../integration/helpers.js'

const CLEAR = '\r\x1b[K'

/** What a terminal shows: each write after the last CLEAR replaces the line. */
function terminal () {
  const writes: string[] = []
  return { writes, write: (text: string) => { writes.push(text) }, shown: () => writes.join('').split(CLEAR).at(-1) ?? '' }
}

t.test('building accounts: the line follows the passes of the initial syncs on the simulated clock, then is erased', async (t) => {
  const { app } = await makeApp(t, { rateLimit: 'off', initialSyncDuration: '10m', syncPasses: 4 })
  const out = terminal()
  // A wall clock a second later at every read: no redraw is held back for wall time here.
  let wall = 0
  const done = new Progress(out, 'scenarios', { wall: () => (wall += 1000) }).watch(app)
  const api = new Client(app, 'test_progress')
  await api.link('hris', 'org-1')
  await api.link('ats', 'org-2')
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '5m' } })

  const drawn = out.writes.filter((w) => w.startsWith(CLEAR) && w.length > CLEAR.length).map((w) => w.slice(CLEAR.length))
  t.ok(drawn.length > 1, 'redrawn as the passes are written')
  t.ok(drawn.every((l) => l.startsWith('scenarios: simulated 2026-01-01T00:0')), 'the simulated instant, not the wall time')
  t.match(drawn.at(-1), /building \d+ models \((\d+)\/(\d+) passes\)/)
  const [, doneSoFar, total] = /\((\d+)\/(\d+) passes\)/.exec(drawn.at(-1)!)!
  t.ok(Number(doneSoFar) > 0 && Number(doneSoFar) < Number(total), 'half-way through the initial syncs at 5 of 10 minutes')

  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '10m' } })
  t.match(out.shown(), /^scenarios: simulated 2026-01-01T00:10:00\.000Z · \d+ sync runs finished$/, 'nothing left building once they finish')
  done()
  t.equal(out.writes.at(-1), CLEAR, 'the line is erased when the work is done')
  const count = out.writes.length
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1d' } })
  t.equal(out.writes.length, count, 'nothing drawn after')
})

t.test('redraws are at most ten a second of wall time, however fast the simulated time runs', async (t) => {
  const { app } = await makeApp(t, { rateLimit: 'off', initialSyncDuration: '10m', syncPasses: 4 })
  const out = terminal()
  let wall = 0
  const done = new Progress(out, 'scenarios', { wall: () => wall }).watch(app)
  const api = new Client(app, 'test_progress_wall')
  await api.link('hris', 'org-1')
  await api.link('ats', 'org-2')
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1d' } })
  const drawn = (): number => out.writes.filter((w) => w.length > CLEAR.length).length
  t.equal(drawn(), 1, 'a simulated day within one wall instant: drawn once')
  wall += 99
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1d' } })
  t.equal(drawn(), 1, '99 ms later: not yet')
  wall += 1
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1d' } })
  t.equal(drawn(), 2, '100 ms after the last redraw: once more')
  done()
  t.equal(out.writes.at(-1), CLEAR, 'erased at the end all the same')
})

t.test('unimock check draws a line per scenario while it plays and erases it before the summary', async (t) => {
  const out = terminal()
  const printed: string[] = []
  const status = await checkScenarios(['happy-path'], parseConfig({ clock: 'virtual', logLevel: 'silent' }), (line) => {
    printed.push(line)
    t.equal(out.writes.at(-1), CLEAR, `the line is erased before "${line}"`)
  }, out)
  t.equal(status, 0)
  t.ok(out.writes.some((w) => w.startsWith(`${CLEAR}check happy-path: simulated `)), 'progress was shown')
  t.comment(`${out.writes.filter((w) => w.length > CLEAR.length).length} redraws for happy-path`)
  t.match(printed.at(-1), '1 scenario: 1 passed, 0 failed')
})

t.test('while serving, the line shows only while some account\'s data is being built', async (t) => {
  const { app } = await makeApp(t, { rateLimit: 'off', initialSyncDuration: '10m', syncPasses: 4, syncInterval: '1h' })
  const out = terminal()
  let wall = 0
  const done = new Progress(out, 'unimock', { whileBuilding: true, wall: () => (wall += 1000) }).watch(app)
  t.teardown(done)
  await new Client(app, 'test_serving').link('hris', 'org-1')
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '5m' } })
  t.match(out.shown(), /^unimock: simulated .* · building \d+ models/, 'shown while the initial sync builds the account')
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '10m' } })
  t.equal(out.shown(), '', 'erased once the account is built')
  const count = out.writes.length
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '3h' } })
  t.ok(out.writes.slice(count).every((w) => w === CLEAR), 'the periodic syncs after it draw nothing')
})
