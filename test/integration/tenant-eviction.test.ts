import { PassThrough } from 'node:stream'
import t from 'tap'
import type { UnimockApp } from '../../src/app.js'
import { makeApp } from '../helpers/app.js'

/**
 * Beyond --max-tenants a new key takes the place of the key idle the longest (#19). What still watched the
 * evicted key must not come to watch the new one, and the eviction is said, not silent (#53).
 */

const KEYS = { a: 'key_alpha_evict', b: 'key_bravo_evict', c: 'key_charlie_evict' }

async function evictingApp (t: Parameters<typeof makeApp>[0]): Promise<{ app: UnimockApp, url: string, log: () => string }> {
  const stream = new PassThrough()
  let text = ''
  stream.on('data', (chunk: Buffer) => { text += chunk.toString('utf8') })
  const { app } = await makeApp(t, { maxTenants: 2, logLevel: 'warn' }, { logStream: stream })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, url, log: () => text }
}

const call = async (url: string, key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number, body: any }> => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: res.status, body: await res.json() }
}

const link = async (url: string, key: string, category: string, origin: string): Promise<{ id: string, account_token: string }> => {
  const res = await call(url, key, 'POST', '/_unimock/linked-accounts', { category, end_user_origin_id: origin })
  if (res.status !== 201) throw new Error(`linking answered ${res.status}`)
  return res.body as { id: string, account_token: string }
}

/**
 * Opens the key's dashboard stream and reads it to its end: `ended` resolves with everything it carried once
 * the server ends it, and `heard(text)` as soon as the text shows in it (whichever a test waits for first).
 */
async function openStream (url: string, key: string): Promise<{ ended: Promise<string>, heard: (text: string) => Promise<string>, abort: () => void }> {
  const controller = new AbortController()
  const res = await fetch(`${url}/_unimock/stream`, { headers: { authorization: `Bearer ${key}` }, signal: controller.signal })
  const waiting: Array<{ text: string, resolve: (all: string) => void }> = []
  let all = ''
  let ready: () => void = () => {}
  const isReady = new Promise<void>((resolve) => { ready = resolve })
  const ended = (async () => {
    try {
      for await (const chunk of res.body!) {
        all += Buffer.from(chunk as Uint8Array).toString('utf8')
        if (all.includes('event: ready')) ready()
        for (const w of waiting.filter((x) => all.includes(x.text))) w.resolve(all)
      }
    } catch { /* aborted by the test */ }
    return all
  })()
  await isReady
  return {
    ended,
    heard: (text) => new Promise((resolve) => { if (all.includes(text)) resolve(all); else waiting.push({ text, resolve }) }),
    abort: () => { controller.abort() }
  }
}

t.test('an evicted key\'s open stream ends, and hears nothing of the key that took its place', async (t) => {
  const { url } = await evictingApp(t)
  await link(url, KEYS.a, 'hris', 'alpha-1')
  await link(url, KEYS.b, 'hris', 'bravo-1')
  const stream = await openStream(url, KEYS.b)
  t.teardown(stream.abort)
  t.equal((await call(url, KEYS.a, 'GET', '/_unimock/linked-accounts')).status, 200, 'A is used: B is now idle the longest')
  const charlie = await link(url, KEYS.c, 'crm', 'charlie-1')
  // Whichever comes first: the stream ends, or it carries C's account id (the slot it followed, before #53).
  const outcome = await Promise.race([stream.ended.then((text) => ({ ended: true, text })), stream.heard(charlie.id).then((text) => ({ ended: false, text }))])
  t.notMatch(outcome.text, charlie.id, 'B\'s stream never carries C\'s account id')
  t.ok(outcome.ended, 'B\'s stream ended')
  t.match(outcome.text, /event: evicted\ndata: \{"reason":"[^"]*--max-tenants"\}/, 'saying why, before it ended')
})

t.test('the key that takes an evicted key\'s place never gets its tenant id (the conformance board of B stays B\'s)', async (t) => {
  const { app, url } = await evictingApp(t)
  await link(url, KEYS.a, 'hris', 'alpha-1')
  await link(url, KEYS.b, 'hris', 'bravo-1')
  // What the conformance kit does in-process (src/conform/run-record.ts): a run on the board under B's tenant.
  app.conformance.begin(app.unified.tenants.authenticate(`Bearer ${KEYS.b}`).id, 0, 'kit')
  t.not((await call(url, KEYS.b, 'GET', '/_unimock/conformance')).body.run, null, 'B sees its run')
  t.equal((await call(url, KEYS.a, 'GET', '/_unimock/linked-accounts')).status, 200)
  await link(url, KEYS.c, 'crm', 'charlie-1')
  t.same((await call(url, KEYS.c, 'GET', '/_unimock/conformance')).body, { run: null }, 'C, in B\'s place, sees no run of B\'s')
})

t.test('an eviction is a warn line naming the key by its first characters; the evicted key\'s account token is told why it is gone', async (t) => {
  const { url, log } = await evictingApp(t)
  await link(url, KEYS.a, 'hris', 'alpha-1')
  const bravo = await link(url, KEYS.b, 'hris', 'bravo-1')
  t.equal((await call(url, KEYS.a, 'GET', '/_unimock/linked-accounts')).status, 200)
  await link(url, KEYS.c, 'crm', 'charlie-1')

  const lines = log().split('\n').filter((l) => l.includes('evicted')).map((l) => JSON.parse(l) as { level: number, msg: string, key: string, idleMs: number, maxTenants: number })
  t.equal(lines.length, 1, 'one line for the one eviction')
  t.match(lines[0], { level: 40, key: 'key…', maxTenants: 2, idleMs: Number })
  t.match(lines[0]!.msg, /^API key key… \(idle \d+s\) was evicted with its linked accounts and data: a new key came beyond --max-tenants 2, and it had been idle the longest\..*larger --max-tenants \(UNIMOCK_MAX_TENANTS\)/)
  t.notMatch(log(), KEYS.b, 'the key itself is never logged')

  // C holds the room now; B's return will evict again (A, idle the longest by then), so C asks first.
  const foreign = await call(url, KEYS.c, 'GET', '/api/hris/v1/employees', undefined, { 'x-account-token': bravo.account_token })
  t.match(foreign.body.detail, /^Invalid X-Account-Token: no linked account of this API key has this account token\./, 'another key holding B\'s old token learns nothing of B')
  const mistyped = await call(url, KEYS.c, 'GET', '/api/hris/v1/employees', undefined, { 'x-account-token': 'no-such-token' })
  t.match(mistyped.body.detail, /^Invalid X-Account-Token: no linked account of this API key has this account token\./, 'a key never evicted gets the plain answer')
  const gone = await call(url, KEYS.b, 'GET', '/api/hris/v1/employees', undefined, { 'x-account-token': bravo.account_token })
  t.equal(gone.status, 401)
  t.match(gone.body.detail, /^Invalid X-Account-Token: no linked account of this API key has it, because this key's world was evicted: a new key came beyond --max-tenants 2 .*start unimock with a larger --max-tenants \(UNIMOCK_MAX_TENANTS\)\.$/)
})

t.test('a reset of the whole server: an open stream follows its key, never whoever gets its old tenant id', async (t) => {
  const { url } = await evictingApp(t)
  await link(url, KEYS.a, 'hris', 'alpha-1')
  await link(url, KEYS.b, 'hris', 'bravo-1')
  const stream = await openStream(url, KEYS.b)
  t.teardown(stream.abort)
  t.equal((await fetch(`${url}/_unimock/reset`, { method: 'POST' })).status, 200)
  // A fresh database again: the first two keys now get the ids A and B had.
  await link(url, KEYS.c, 'crm', 'charlie-1')
  const other = await link(url, 'key_delta_evict', 'crm', 'delta-1')
  const own = await link(url, KEYS.b, 'ats', 'bravo-2')
  // Whichever it hears first: B's own new account (it follows its key), or the other key's (it followed the id).
  const text = await Promise.race([stream.heard(own.id), stream.heard(other.id)])
  t.notMatch(text, other.id, 'B\'s stream heard nothing of the key given B\'s old id')
  t.match(text, own.id, 'and it heard B\'s own new account')
})
