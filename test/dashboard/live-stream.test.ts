import t, { type Test } from 'tap'
import { startUnimock } from '../../src/server.js'

// GET /_unimock/stream over real HTTP: the notices a dashboard hears, per tenant, coalesced.

interface Notice { topics: string[], accounts: string[] }

const unimock = await startUnimock()
t.teardown(() => unimock.close())

/** Opens the stream of an API key and collects its `change` notices. */
async function open (key: string): Promise<{ notices: Notice[], next: () => Promise<Notice>, close: () => void }> {
  const controller = new AbortController()
  const res = await fetch(`${unimock.url}/_unimock/stream`, { headers: { authorization: `Bearer ${key}` }, signal: controller.signal })
  t.equal(res.status, 200)
  t.match(res.headers.get('content-type'), /^text\/event-stream/)
  const notices: Notice[] = []
  const waiting: Array<(n: Notice) => void> = []
  const decoder = new TextDecoder()
  let buffer = ''
  let resolveReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => { resolveReady = resolve })
  void (async () => {
    try {
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true })
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (block.startsWith('event: ready')) resolveReady()
          const data = /^event: change\ndata: (.*)$/m.exec(block)?.[1]
          if (data === undefined) continue
          const n = JSON.parse(data) as Notice
          const w = waiting.shift()
          if (w === undefined) notices.push(n); else w(n)
        }
      }
    } catch { /* aborted */ }
  })()
  await ready
  return {
    notices,
    next: () => notices.length > 0 ? Promise.resolve(notices.shift()!) : new Promise((resolve) => { waiting.push(resolve) }),
    close: () => { controller.abort() }
  }
}

/** Notices are batched by wall time: a slow machine may split one change in two. Merges them until `topic`. */
async function until (stream: { next: () => Promise<Notice> }, topic: string): Promise<Notice> {
  const topics = new Set<string>()
  const accounts = new Set<string>()
  while (!topics.has(topic)) {
    const n = await stream.next()
    for (const x of n.topics) topics.add(x)
    for (const x of n.accounts) accounts.add(x)
  }
  return { topics: [...topics].sort(), accounts: [...accounts].sort() }
}

const call = (key: string, method: string, path: string, body?: unknown) => fetch(`${unimock.url}/_unimock${path}`, {
  method, headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) })
})

/**
 * Asserts that a stream heard nothing up to now. Waiting some time would not tell (a notice waits up to 50 ms of
 * wall time for its batch, longer on a slow machine): instead the stream's key moves its own clock, a change
 * only that key hears, and that must be the next notice. Whatever reached the stream before is delivered
 * before it, or in the same batch, so it would show.
 */
async function nothingBefore (t: Test, stream: { next: () => Promise<Notice> }, key: string, message: string): Promise<void> {
  t.equal((await call(key, 'POST', '/clock/advance', { by: '1s' })).status, 200)
  t.same(await stream.next(), { topics: ['clock'], accounts: [] }, message)
}

t.test('a tenant hears of its own changes, in one notice per batch, and not of another tenant\'s', async (t) => {
  const mine = await open('test_live_a')
  const theirs = await open('test_live_b')
  t.teardown(() => { mine.close(); theirs.close() })
  const created = await (await call('test_live_a', 'POST', '/linked-accounts', { category: 'hris', end_user_origin_id: 'live-1' })).json() as { id: string }
  const n = await until(mine, 'sync')
  t.same(n.topics, ['accounts', 'sync'], 'the account and its sync state')
  t.same(n.accounts, [created.id], 'named by the domain event')

  t.equal((await call('test_live_b', 'POST', '/clock/advance', { by: '1h' })).status, 200)
  t.same(await until(theirs, 'clock'), { topics: ['clock'], accounts: [] }, 'a key moving its own clock hears of it')
  t.equal((await call('test_live_a', 'POST', '/clock/advance', { by: '1h' })).status, 200)
  t.same(await until(mine, 'clock'), { topics: ['clock', 'sync'], accounts: [created.id] }, 'so does the other key, of its own, with the syncs it finished')
  await nothingBefore(t, theirs, 'test_live_b', 'and the first key hears nothing of it')

  t.equal((await call('test_live_a', 'GET', '/linked-accounts')).status, 200)
  t.equal((await call('test_live_a', 'POST', `/linked-accounts/${created.id}/relink-needed`)).status, 200)
  t.same(await mine.next(), { topics: ['accounts', 'sync'], accounts: [] }, 'a control write without a domain event yet; reads tell nothing')
  await nothingBefore(t, theirs, 'test_live_b', 'nothing of tenant a reached tenant b')
})

t.test('the stream needs an API key', async (t) => {
  const res = await fetch(`${unimock.url}/_unimock/stream`)
  t.equal(res.status, 401)
})

t.test('HEAD of the stream answers its headers at once and ends (it hung until the client gave up)', async (t) => {
  const res = await fetch(`${unimock.url}/_unimock/stream`, { method: 'HEAD', headers: { authorization: 'Bearer test_head' }, signal: AbortSignal.timeout(5000) })
  t.equal(res.status, 200)
  t.match(res.headers.get('content-type'), /^text\/event-stream/)
  t.equal(await res.text(), '', 'no body')
})

t.test('a webhook attempt is announced on its own (no clock move needed on the real clock)', async (t) => {
  const heard: string[] = []
  const off = unimock.app.unified.events.on('webhook:attempted', (e) => { heard.push(`${e.event} ${e.state} ${e.statusCode}`) })
  t.teardown(off)
  t.equal((await call('test_live_c', 'POST', '/webhooks/targets', { url: 'http://127.0.0.1:9/refused', events: ['LinkedAccount.linked'] })).status, 201)
  await call('test_live_c', 'POST', '/linked-accounts', { category: 'crm', end_user_origin_id: 'live-2' })
  await call('test_live_c', 'POST', '/clock/advance', { by: '1m' })
  t.same(heard, ['LinkedAccount.linked pending null', 'LinkedAccount.linked pending null', 'LinkedAccount.linked failed null'], 'three attempts to a closed port, the last final')
})
