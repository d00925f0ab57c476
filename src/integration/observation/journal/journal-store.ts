import { globMatcher } from '../../../core/glob.js'
import type { JournalEntry } from './journal-entry.js'

/** The filters of GET /_unimock/requests, already checked. */
export interface JournalQuery {
  readonly method?: string
  /** A prefix, or a glob when it holds `*` (any run of characters) or `?` (one character). */
  readonly path?: string
  /** An exact status (404), a class (4xx), or 0 for the requests that got no answer. */
  readonly status?: string
  readonly account?: string
  /** Inclusive lower and exclusive upper bound of `at`, epoch ms. */
  readonly since?: number
  readonly until?: number
  readonly limit: number
  /** Entries strictly beyond this id, in the chosen order. */
  readonly after?: number
  readonly order: 'newest' | 'oldest'
}

export interface JournalPage {
  readonly entries: readonly JournalEntry[]
  /** The `after` value of the next page; null when this page is the last. */
  readonly next: number | null
}

/**
 * One tenant's entries: a ring of fixed capacity, oldest overwritten first. It grows as entries come and is
 * never allocated ahead: a key that made one request costs one slot, not the capacity (#19).
 */
class Ring {
  readonly #slots: JournalEntry[] = []
  readonly #capacity: number
  #start = 0
  #size = 0
  dropped = 0

  constructor (capacity: number) {
    this.#capacity = capacity
  }

  get size (): number { return this.#size }

  push (entry: JournalEntry): void {
    const capacity = this.#capacity
    if (this.#size < capacity) {
      // Growing: the start stays 0 until the ring is full.
      this.#slots.push(entry)
      this.#size++
      return
    }
    this.#slots[this.#start] = entry
    this.#start = (this.#start + 1) % capacity
    this.dropped++
  }

  /** The i-th oldest entry. */
  at (i: number): JournalEntry {
    return this.#slots[(this.#start + i) % this.#slots.length]!
  }

  /** Oldest first. */
  all (): JournalEntry[] {
    const out = new Array<JournalEntry>(this.#size)
    for (let i = 0; i < this.#size; i++) out[i] = this.at(i)
    return out
  }
}

function pathMatcher (path: string | undefined): ((p: string) => boolean) | undefined {
  if (path === undefined) return undefined
  if (!/[*?]/.test(path)) return (p) => p.startsWith(path)
  return globMatcher(path, '*?')
}

function statusMatcher (status: string | undefined): ((s: number) => boolean) | undefined {
  if (status === undefined) return undefined
  if (/^[1-5]xx$/i.test(status)) {
    const cls = Number(status[0])
    return (s) => Math.floor(s / 100) === cls
  }
  const exact = Number(status)
  return (s) => s === exact
}

/**
 * Every tenant's request journal, in memory. Written on every request, so a write is one array store;
 * reads (the control API, the report) scan a tenant's ring. Ids come from one counter for the app, so
 * they increase in the order requests finished and never repeat until a reset.
 */
export class JournalStore {
  readonly #capacity: number
  readonly #total: number
  /** Least recently active tenant first: a tenant's ring moves to the end with each entry. */
  readonly #rings = new Map<number, Ring>()
  #entries = 0
  #lastId = 0

  /**
   * `capacity` entries per tenant, and `total` across tenants (at least one tenant's capacity): beyond it the
   * journals of the tenants that have been quiet the longest go, whole, first (#19: a shared server's memory
   * stays bounded however many keys come and go).
   */
  constructor (capacity: number, total = Number.POSITIVE_INFINITY) {
    this.#capacity = capacity
    this.#total = Math.max(total, capacity)
  }

  /** Entries held across every tenant. */
  get held (): number { return this.#entries }

  get capacity (): number { return this.#capacity }

  /** The id of the last entry recorded: a request arriving now started after it. */
  get lastId (): number { return this.#lastId }

  nextId (): number { return ++this.#lastId }

  add (entry: JournalEntry): void {
    let ring = this.#rings.get(entry.tenantId)
    if (ring === undefined) {
      ring = new Ring(this.#capacity)
    } else {
      this.#rings.delete(entry.tenantId)
    }
    this.#rings.set(entry.tenantId, ring)
    const before = ring.size
    ring.push(entry)
    this.#entries += ring.size - before
    // The active tenant is last, and one ring never holds more than the total: it is never the one to go.
    while (this.#entries > this.#total) {
      const [quietest, quiet] = this.#rings.entries().next().value as [number, Ring]
      this.#entries -= quiet.size
      this.#rings.delete(quietest)
    }
  }

  size (tenantId: number): number { return this.#rings.get(tenantId)?.size ?? 0 }
  dropped (tenantId: number): number { return this.#rings.get(tenantId)?.dropped ?? 0 }

  /** A tenant's entries, oldest first. */
  entries (tenantId: number): JournalEntry[] {
    return this.#rings.get(tenantId)?.all() ?? []
  }

  list (tenantId: number, q: JournalQuery): JournalPage {
    const ring = this.#rings.get(tenantId)
    if (ring === undefined) return { entries: [], next: null }
    const method = q.method?.toUpperCase()
    const path = pathMatcher(q.path)
    const status = statusMatcher(q.status)
    const matches = (e: JournalEntry): boolean =>
      (method === undefined || e.method === method) &&
      (path === undefined || path(e.path)) &&
      (status === undefined || status(e.status)) &&
      (q.account === undefined || e.accountId === q.account) &&
      (q.since === undefined || e.at >= q.since) &&
      (q.until === undefined || e.at < q.until) &&
      (q.after === undefined || (q.order === 'newest' ? e.id < q.after : e.id > q.after))
    const out: JournalEntry[] = []
    const n = ring.size
    let more = false
    for (let k = 0; k < n; k++) {
      const e = ring.at(q.order === 'newest' ? n - 1 - k : k)
      if (!matches(e)) continue
      if (out.length === q.limit) { more = true; break }
      out.push(e)
    }
    return { entries: out, next: more ? out[out.length - 1]!.id : null }
  }

  clear (tenantId: number): number {
    const n = this.size(tenantId)
    this.#rings.delete(tenantId)
    this.#entries -= n
    return n
  }

  /** POST /_unimock/reset: everything goes, and ids start again, as on a fresh start. */
  reset (): void {
    this.#rings.clear()
    this.#entries = 0
    this.#lastId = 0
  }
}
