import { PassThrough } from 'node:stream'
import t, { type Test } from 'tap'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'
import { startReceiver } from '../webhooks/receiver.js'

interface Line { level: number, time: number, msg: string, simulatedTime?: string, [field: string]: unknown }

/** An app logging at `level` into memory, a linked hris account and a webhook receiver behind a URL with a secret. */
async function setup (t: Test, level: 'warn' | 'info' | 'debug', answers: (n: number) => number) {
  const stream = new PassThrough()
  let text = ''
  stream.on('data', (chunk: Buffer) => { text += chunk.toString('utf8') })
  const { app } = await makeApp(t, { logLevel: level, rateLimit: 'off', initialSyncDuration: '10m' }, { logStream: stream })
  const api = new Client(app, 'test_logs')
  const receiver = await startReceiver(t, answers)
  const target = await app.inject({
    method: 'POST',
    url: '/_unimock/webhooks/targets',
    headers: api.headers(),
    payload: { url: `${receiver.url}/hook/{category}?token=receiver-secret-in-query` }
  })
  t.equal(target.statusCode, 201, target.body)
  const linked = await api.link('hris', 'org-logs')
  const advance = async (by: string): Promise<void> => {
    const res = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by } })
    t.equal(res.statusCode, 200, res.body)
  }
  const lines = (): Line[] => text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Line)
  return { app, api, linked, advance, lines, text: () => text }
}

const WARN = 40
const INFO = 30
const DEBUG = 20

t.test('sync runs: each finish at info, its start and passes at debug, stamped with the simulated time', async (t) => {
  const s = await setup(t, 'debug', () => 200)
  await s.advance('1h')
  const lines = s.lines()
  const started = lines.filter((l) => l.msg === 'sync run started')
  const passes = lines.filter((l) => l.msg === 'sync pass written')
  const finished = lines.filter((l) => l.msg === 'sync run finished')
  t.ok(started.length > 0, 'a start per model')
  t.ok(started.every((l) => l.level === DEBUG && l.kind === 'initial' && l.pass === 0 && l.linkedAccount === s.linked.accountId))
  t.ok(passes.every((l) => l.level === DEBUG && typeof l.pass === 'number' && l.pass > 0 && l.pass < (l.passes as number)))
  t.equal(finished.length, started.length, 'every initial run that started finished within the hour')
  t.ok(finished.every((l) => l.level === INFO && l.status === 'DONE' && l.result === 'DONE' && l.initialSync === true && l.onTime === true))
  t.same(new Set(finished.map((l) => l.model)), new Set(started.map((l) => l.model)), 'one finish per model that started')
  t.equal(finished.filter((l) => l.accountSyncCompleted === true).length, 1, 'the account-wide completion is on one line')

  // The virtual clock starts on 2026-01-01 and the initial sync takes 10 minutes; the wall time is today's.
  for (const l of [...started, ...finished]) {
    t.match(l.simulatedTime, /^2026-01-01T00:[01]\d:\d\d\.\d{3}Z$/, 'simulated time in the first ten minutes')
    t.not(new Date(l.time).toISOString().slice(0, 10), '2026-01-01', 'wall time beside it')
  }
  t.ok(finished.every((l) => l.simulatedTime === '2026-01-01T00:10:00.000Z'), 'a finish is stamped at the run\'s end, ten minutes in')
})

t.test('at info the steps are not written; the finishes are', async (t) => {
  const s = await setup(t, 'info', () => 200)
  await s.advance('1h')
  const msgs = new Set(s.lines().map((l) => l.msg))
  t.notOk(msgs.has('sync run started'))
  t.notOk(msgs.has('sync pass written'))
  t.ok(msgs.has('sync run finished'))
})

t.test('webhook attempts: each at info with its outcome; no token, body, signature or URL secret in any line', async (t) => {
  // The first delivery is refused once, then taken: one retry line, then a delivered line for it.
  const s = await setup(t, 'debug', (n) => n === 0 ? 503 : 200)
  await s.advance('1h')
  const attempts = s.lines().filter((l) => typeof l.delivery === 'string')
  t.ok(attempts.length >= 2)
  t.ok(attempts.every((l) => l.level === INFO))
  const [first, ...rest] = attempts
  t.match(first, { msg: 'webhook attempt failed, retry scheduled', attempt: 1, statusCode: 503, state: 'pending', linkedAccount: s.linked.accountId })
  t.match(first!.retryAt, /^2026-01-01T/, 'the retry instant on the simulated clock')
  t.ok((first!.url as string).endsWith('/hook/hris'), 'the receiver URL without its query')
  const retried = rest.find((l) => l.delivery === first!.delivery)
  t.match(retried, { msg: 'webhook delivered', attempt: 2, statusCode: 200, state: 'delivered', retryAt: null })
  t.ok(rest.filter((l) => l.delivery !== first!.delivery).every((l) => l.msg === 'webhook delivered' && l.attempt === 1))
  t.ok(attempts.every((l) => typeof l.event === 'string' && typeof l.simulatedTime === 'string' && typeof l.durationMs === 'number'))

  const all = s.text()
  t.notMatch(all, 'receiver-secret-in-query', 'the URL\'s query is never logged')
  t.notMatch(all, s.linked.accountToken, 'the account token is never logged')
  t.notMatch(all, 'x-merge-webhook-signature')
  t.notMatch(all, '"hook"', 'no webhook body')
})

t.test('a delivery that failed for good is a warn line at the default level, and the only line there', async (t) => {
  // Issue 39, item 4: every delivery is refused, so each fails for good after its retries.
  const s = await setup(t, 'warn', () => 500)
  await s.advance('1h')
  const lines = s.lines()
  t.ok(lines.length > 0, 'something is printed at warn')
  t.ok(lines.every((l) => l.level === WARN && l.msg === 'webhook delivery failed' && l.state === 'failed' && l.statusCode === 500), 'only final failures, at warn')
  t.ok(lines.every((l) => typeof l.delivery === 'string' && typeof l.event === 'string' && (l.url as string).endsWith('/hook/hris')), 'each names the delivery, its event and the receiver')
})
