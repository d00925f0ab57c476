import { wallDelay } from '../core/clock.js'
import type { Subscriber } from '../core/events.js'
import type { DomainEvents } from '../integration/domain-events.js'
import type { Topic } from '../http/route-facts.js'


/** A notice sent on the stream: the topics that changed since the last one, and the accounts concerned. */
export interface Notice {
  readonly topics: readonly Topic[]
  readonly accounts: readonly string[]
}

/**
 * One open stream. It belongs to an API key, not to a tenant id: `tenant` answers the key's tenant now (none
 * while the key has no world), so a stream opened before a reset of the whole server follows its key, never
 * whoever is given its old id.
 */
export interface StreamSink {
  /** The digest of the stream's API key. */
  readonly key: string
  tenant (): number | undefined
  send (notice: Notice): void
  /** Ends the stream: its key's world is gone (evicted), and nothing of it will be heard again. */
  end (): void
}

/** Notices are gathered for this long (wall time) and sent as one: a clock advance may finish thousands of syncs. */
export const COALESCE_MS = 50

interface Pending { topics: Set<Topic>, accounts: Set<string> }

/**
 * The live feed of the dashboard: domain events (from the composition root's bus) and changes seen at the
 * HTTP edge become notices per tenant, gathered for COALESCE_MS and sent to every open stream of that tenant.
 * It listens on the bus only while a stream is open, so a server nobody watches pays nothing per event.
 */
export class LiveStream {
  readonly #events: Subscriber<DomainEvents>
  readonly #sinks = new Set<StreamSink>()
  readonly #pending = new Map<number | 'all', Pending>()
  #unsubscribe: Array<() => void> = []
  #flushing = false

  constructor (events: Subscriber<DomainEvents>) {
    this.#events = events
  }

  get open (): number { return this.#sinks.size }

  add (sink: StreamSink): () => void {
    this.#sinks.add(sink)
    if (this.#sinks.size === 1) this.#listen()
    return () => {
      this.#sinks.delete(sink)
      if (this.#sinks.size === 0) this.#stopListening()
    }
  }

  /** A change for one tenant (or every tenant: the clock is shared). */
  mark (tenantId: number | 'all', topic: Topic, accountId?: string): void {
    if (this.#sinks.size === 0) return
    let p = this.#pending.get(tenantId)
    if (p === undefined) {
      p = { topics: new Set(), accounts: new Set() }
      this.#pending.set(tenantId, p)
    }
    p.topics.add(topic)
    if (accountId !== undefined) p.accounts.add(accountId)
    if (this.#flushing) return
    this.#flushing = true
    void wallDelay(COALESCE_MS).then(() => { this.#flush() })
  }

  #flush (): void {
    this.#flushing = false
    const all = this.#pending.get('all')
    for (const sink of this.#sinks) {
      const tenantId = sink.tenant()
      const own = tenantId === undefined ? undefined : this.#pending.get(tenantId)
      if (own === undefined && all === undefined) continue
      const topics = new Set([...(own?.topics ?? []), ...(all?.topics ?? [])])
      const accounts = new Set([...(own?.accounts ?? []), ...(all?.accounts ?? [])])
      sink.send({ topics: [...topics].sort(), accounts: [...accounts].sort() })
    }
    this.#pending.clear()
  }

  #listen (): void {
    const e = this.#events
    this.#unsubscribe = [
      e.on('account:linked', (x) => { this.mark(x.account.tenantId, 'accounts', x.account.id) }),
      e.on('account:deleted', (x) => { this.mark(x.account.tenantId, 'accounts', x.account.id) }),
      e.on('link:requested', (x) => { this.mark(x.account.tenantId, 'accounts', x.account.id) }),
      e.on('account:webhook-received', (x) => { this.mark(x.account.tenantId, 'sync', x.account.id) }),
      e.on('model-sync:finished', (x) => { this.mark(x.account.tenantId, 'sync', x.account.id) }),
      e.on('webhook-target:added', (x) => { this.mark(x.tenantId, 'webhooks') }),
      e.on('webhook:attempted', (x) => { this.mark(x.tenantId, 'webhooks', x.linkedAccountId) }),
      // An evicted key's streams end at once (#53): they must not hear the key that takes its place.
      e.on('tenant:evicted', (x) => { for (const sink of [...this.#sinks]) if (sink.key === x.keyDigest) sink.end() })
    ]
  }

  #stopListening (): void {
    for (const off of this.#unsubscribe) off()
    this.#unsubscribe = []
    this.#pending.clear()
  }
}
