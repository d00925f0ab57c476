import t from 'tap'
import type { JournalEntry } from '../../../src/integration/journal/journal-entry.js'
import { JournalStore } from '../../../src/integration/journal/journal-store.js'

/**
 * A key that made one request costs one journal slot, not the capacity (#19: every new API key used to cost
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
