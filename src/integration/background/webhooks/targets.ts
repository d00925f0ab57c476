import type { FenceCheck } from '../../../core/account-fences.js'
import { createHash } from 'node:crypto'
import type { Clock } from '../../../core/clock.js'
import { appError } from '../../../core/errors.js'
import { refusedWebhookUrl } from '../../../core/refused-addresses.js'
import type { Emitter } from '../../../core/events.js'
import { globMatcher } from '../../../core/glob.js'
import type { Db } from '../../../store/database.js'
import type { WebhookEvents } from './webhook-events.js'
import { SYNCED_SUFFIX } from './webhook-models.js'
import type { StoredTarget, WebhookRepository } from './webhook-repository.js'
import type { WebhookStreams } from './streams.js'

export interface Target extends StoredTarget {
  readonly source: 'flag' | 'control'
}

export interface NewTarget {
  readonly url: string
  readonly events: readonly string[] | null
  readonly category: string | null
}

export interface WebhookTargetDeps {
  readonly db: Db
  readonly clock: Clock
  readonly repo: WebhookRepository
  readonly streams: WebhookStreams
  readonly events: Emitter<WebhookEvents>
  /** --webhook-url: a target of every tenant. */
  readonly flagUrls: readonly string[]
  /** A scenario run's targets go to its own accounts only. */
  readonly fenced: FenceCheck
  /** --webhook-allow-private: a target may be a link-local or metadata address. */
  readonly allowPrivate: boolean
}

/** A uuid-shaped id that stays the same for the same text: flag targets have no row to hold one. */
function stableUuid (text: string): string {
  const h = createHash('sha256').update(text).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** Whether a pattern can name a sync event: LinkedAccount.sync_completed or some {Model}.synced. */
const namesSyncEvent = (pattern: string): boolean =>
  pattern.includes('*') || pattern.endsWith(SYNCED_SUFFIX) || pattern === 'LinkedAccount.sync_completed'

/**
 * Where a tenant's webhooks go: the --webhook-url targets of every tenant, then those added through the
 * control API, each optionally limited to some events and one category. A target receives the events that
 * happen from its creation on.
 */
export class WebhookTargets {
  readonly #d: WebhookTargetDeps
  /** Every sync of a tenant asks whether anyone listens: hundreds of thousands of times a simulated day. */
  readonly #cache = new Map<number, { readonly all: Target[], readonly sync: boolean }>()

  constructor (deps: WebhookTargetDeps) {
    this.#d = deps
  }

  all (tenantId: number): Target[] {
    return this.#cached(tenantId).all
  }

  /** Whether any target of the tenant may want a sync event: then its syncs must finish on time. */
  wantsSyncEvents (tenantId: number): boolean {
    return this.#cached(tenantId).sync
  }

  /** The targets an event of `account` at `at` goes to. */
  matching (account: { readonly id: string, readonly tenantId: number, readonly category: string }, event: string, at: number): Target[] {
    return this.all(account.tenantId).filter((t) => t.createdAt <= at && this.#d.fenced('webhook-target', t.id, account.id) &&
      (t.category === null || t.category === account.category) && (t.events === null || t.events.some((p) => globMatcher(p)(event))))
  }

  /** A new target of the tenant; one at a link-local or cloud metadata address is refused (#53), unless allowed. */
  add (tenantId: number, input: NewTarget): Target {
    const refused = this.#d.allowPrivate ? undefined : refusedWebhookUrl(input.url)
    if (refused !== undefined) throw appError('WEBHOOK_TARGET_REFUSED', { reason: refused })
    const now = this.#d.clock.now()
    const target: StoredTarget = { id: this.#d.streams.ids.uuid(), tenantId, url: input.url, events: input.events, category: input.category, createdAt: now }
    this.#d.db.transaction(() => {
      this.#d.repo.addTarget(target)
      this.#cache.delete(tenantId)
      this.#d.events.emit('webhook-target:added', { tenantId, at: now })
    })()
    return { ...target, source: 'control' }
  }

  remove (tenantId: number, id: string): void {
    this.#cache.delete(tenantId)
    if (this.#d.repo.removeTarget(tenantId, id)) return
    if (this.all(tenantId).some((t) => t.id === id)) throw appError('WEBHOOK_TARGET_FROM_FLAG', { id })
    throw appError('WEBHOOK_TARGET_NOT_FOUND', { id })
  }

  /** Every control-API target of the tenant, or those with exactly `url`. */
  removeAll (tenantId: number, url?: string): number {
    this.#cache.delete(tenantId)
    if (url === undefined) return this.#d.repo.removeTargets(tenantId)
    let n = 0
    for (const t of this.#d.repo.targets(tenantId)) if (t.url === url && this.#d.repo.removeTarget(tenantId, t.id)) n++
    return n
  }

  /** Reset: the rows are gone (WebhookRepository.clear), so is what was read of them. */
  forget (): void {
    this.#cache.clear()
  }

  #cached (tenantId: number): { readonly all: Target[], readonly sync: boolean } {
    const cached = this.#cache.get(tenantId)
    if (cached !== undefined) return cached
    const fromFlag: Target[] = this.#d.flagUrls.map((url) => ({
      id: stableUuid(`${tenantId}\n${url}`), tenantId, url, events: null, category: null, createdAt: 0, source: 'flag'
    }))
    const all = [...fromFlag, ...this.#d.repo.targets(tenantId).map((t): Target => ({ ...t, source: 'control' }))]
    const entry = { all, sync: all.some((t) => t.events === null || t.events.some(namesSyncEvent)) }
    this.#cache.set(tenantId, entry)
    return entry
  }
}
