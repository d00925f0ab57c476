import t from 'tap'
import type { JournalEntry } from '../../../src/integration/observation/journal/journal-entry.js'
import { JournalStore } from '../../../src/integration/observation/journal/journal-store.js'
import { makeApp } from '../../helpers/app.js'

/**
 * Bounded memory per key and across keys (#19). A key that made one request costs one journal slot, not the capacity (#19: every new API key used to cost
 * about 80 KiB, never freed). Measured on the heap: 2,000 one-request tenants of a 10,000-entry journal would
 * take 160 MB ahead of time; they must take a small fraction of it.
 */
t.test('the journal of a tenant grows with its entries, and still drops its oldest beyond the capacity', async (t) => {
  const store = new JournalStore(10_000)
  const entry = (tenantId: number): JournalEntry => ({ id: store.nextId(), tenantId } as unknown as JournalEntry)
  const before = process.memoryUsage().heapUsed
  for (let tenant = 1; tenant <= 2000; tenant++) store.add(entry(tenant))
  const grown = process.memoryUsage().heapUsed - before
  t.ok(grown < 16 * 1024 * 1024, `2,000 one-request tenants took ${(grown / 1024 / 1024).toFixed(1)} MB (160 MB if allocated ahead)`)
  t.equal(store.size(1), 1)

  const small = new JournalStore(3)
  const ids: number[] = []
  for (let i = 0; i < 5; i++) { const e = entry(7); ids.push(e.id); small.add(e) }
  t.equal(small.size(7), 3, 'capped at the capacity')
  t.equal(small.dropped(7), 2, 'the oldest dropped')
  t.same(small.entries(7).map((e) => e.id), ids.slice(2), 'the newest three kept, oldest first')
})

t.test('across tenants the journals hold at most the total: the quietest tenants\' journals go first, whole', async (t) => {
  const store = new JournalStore(4, 10)
  const entry = (tenantId: number): JournalEntry => ({ id: store.nextId(), tenantId } as unknown as JournalEntry)
  for (const tenant of [1, 2, 3]) for (let i = 0; i < 3; i++) store.add(entry(tenant))
  t.equal(store.held, 9)
  store.add(entry(1))
  t.equal(store.held, 10, 'at the total')
  store.add(entry(4))
  t.equal(store.size(2), 0, 'tenant 2, quiet the longest, lost its journal')
  t.same([store.size(1), store.size(3), store.size(4)], [4, 3, 1], 'the others keep theirs')
  t.equal(store.held, 8)
  for (let i = 0; i < 6; i++) store.add(entry(4))
  t.equal(store.size(4), 4, 'one tenant never holds more than its capacity')
  t.ok(store.held <= 10)
  t.equal(store.size(1) + store.size(3) + store.size(4), store.held)
  store.clear(4)
  t.equal(store.held, store.size(1) + store.size(3), 'clearing a tenant frees its entries')
  store.reset()
  t.equal(store.held, 0)
})

t.test('beyond --max-tenants a new key takes the place of the key idle the longest, whose data goes with it', async (t) => {
  const { app } = await makeApp(t, { maxTenants: 3, journalTotal: 50, journalSize: 20 })
  const call = (key: string, method: 'GET' | 'POST' = 'GET') => app.inject({
    method,
    url: '/_unimock/linked-accounts',
    headers: { authorization: `Bearer ${key}` },
    ...(method === 'POST' ? { payload: { category: 'hris', end_user_origin_id: `org-${key}` } } : {})
  })
  const accounts = async (key: string) => ((await call(key)).json().results as Array<{ end_user_origin_id: string }>).map((a) => a.end_user_origin_id)
  for (const key of ['key-one', 'key-two', 'key-three']) t.equal((await call(key, 'POST')).statusCode, 201)
  t.equal((await call('key-one')).statusCode, 200, 'key-one is used again: key-two is now the one idle the longest')
  const fourth = await call('key-four', 'POST')
  t.equal(fourth.statusCode, 201, 'a fourth key is served, not refused')
  t.same(await accounts('key-one'), ['org-key-one'], 'a key used recently keeps its data')
  t.same(await accounts('key-three'), ['org-key-three'])
  t.same(await accounts('key-four'), ['org-key-four'])
  t.same(await accounts('key-two'), [], 'the key idle the longest was evicted with its data: it comes back empty')
  const doc = (await app.inject('/openapi.json')).json()
  t.ok(doc.paths['/v3/plant/{plantId}'].get.responses['404'] !== undefined)
  t.equal(doc.paths['/v3/plant/{plantId}'].get.responses['503'], undefined, 'the plant store takes no key')
})
