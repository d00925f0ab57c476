import { createHash } from 'node:crypto'
import type { Dispatcher } from 'undici'
import type { Clock } from '../../core/clock.js'
import { appError } from '../../core/errors.js'
import { globMatcher } from '../../core/glob.js'
import type { Ids } from '../../core/ids.js'
import type { Random } from '../../core/random.js'
import { webhookSignature } from '../../core/signing.js'
import type { Scheduler } from '../../jobs/scheduler.js'
import type { Db } from '../../store/database.js'
import type { LinkedAccount } from '../accounts/linked-account.js'
import { linkedAccountObject } from './payloads.js'
import { postWebhook, type SendResult } from './sender.js'
import type { Attempt, Delivery, DeliveryFilter, FaultKind, StoredFault, StoredTarget, WebhookRepository } from './webhook-repository.js'

const DISPATCH = 'webhooks.dispatch'
/** The real service: 3 attempts in all; a 4xx answer is not retried. */
export const MAX_ATTEMPTS = 3
/** First retry after about a second, then about two ([SK-WH]); each with up to 50% jitter on top. */
const BACKOFF_BASE_MS = 1000
/** Deliveries started together by one dispatch run. */
const BATCH = 500

export interface Target extends StoredTarget {
  readonly source: 'flag' | 'control'
}

export interface NewTarget {
  readonly url: string
  readonly events: readonly string[] | null
  readonly category: string | null
}

export interface NewFault {
  readonly kind: FaultKind
  readonly count: number | null
  readonly fraction: number | null
  readonly delayMs: number | null
}

export interface WebhookServiceDeps {
  readonly db: Db
  readonly clock: Clock
  readonly scheduler: Scheduler
  readonly repo: WebhookRepository
  readonly dispatcher: Dispatcher
  /** Fresh id and random streams: called at start and after a reset (see registerWebhooks). */
  readonly streams: () => { ids: Ids, random: Random }
  readonly flagUrls: readonly string[]
  readonly secret: string | undefined
  readonly timeoutMs: number
  /** scheme://host:port of this server, for linked_account.webhook_listener_url. */
  readonly origin: () => string
  readonly log: { error(obj: object, msg: string): void }
  /** Runs in every dispatch transaction: marks the account-event outbox rows this domain has fanned out. */
  readonly handOver: (now: number) => void
}

/** A uuid-shaped id that stays the same for the same text: flag targets have no row to hold one. */
function stableUuid (text: string): string {
  const h = createHash('sha256').update(text).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

const patternMatches = (pattern: string, event: string): boolean => globMatcher(pattern)(event)

/**
 * Webhooks of the unified service. Events become deliveries (one per matching target) in the transaction
 * of the change that caused them: the outbox. A scheduled dispatch job claims the due deliveries and
 * POSTs them, recording every attempt in the journal; failures are retried on the clock.
 *
 * Why one target never blocks another: a dispatch run starts every due delivery at once, one chain per
 * target (a target's deliveries go one after another, in order; different targets in parallel). On the
 * virtual clock the run's follow-up awaits the chains, so POST /_unimock/clock/advance returns once the
 * deliveries due in its window are done (time does not move while they run). On the real clock it does
 * not await them: a receiver that hangs for its whole timeout would otherwise hold up every other job and
 * every delivery falling due meanwhile; the next run appends to the per-target chains instead.
 */
export class WebhookService {
  readonly #d: WebhookServiceDeps
  #ids: Ids
  #random: Random
  readonly #chains = new Map<string, Promise<void>>()
  readonly #detached = new Set<Promise<void>>()
  /** Every model sync asks for its tenant's targets: hundreds of thousands of times a simulated day. */
  readonly #targets = new Map<number, Target[]>()
  readonly #targetAdded: Array<() => void> = []
  #closing = false

  constructor (deps: WebhookServiceDeps) {
    this.#d = deps
    const s = deps.streams()
    this.#ids = s.ids
    this.#random = s.random
    deps.scheduler.register(DISPATCH, (_job, now) => this.#dispatch(now))
  }

  /** At start: deliveries interrupted by a stop are pending again, and the dispatch job is armed. */
  resume (): void {
    this.#d.repo.recoverInFlight()
    const next = this.#d.repo.nextDue()
    if (next !== null) this.#wake(next)
  }

  reset (): void {
    this.#d.repo.clear()
    this.#chains.clear()
    this.#targets.clear()
    const s = this.#d.streams()
    this.#ids = s.ids
    this.#random = s.random
  }

  /** Stops recording results (the database is about to close) and waits for attempts in flight. */
  async close (): Promise<void> {
    this.#closing = true
    await Promise.allSettled([...this.#detached])
  }

  // ---- signature keys

  signatureKey (tenantId: number): { key: string, source: 'flag' | 'generated' } {
    if (this.#d.secret !== undefined) return { key: this.#d.secret, source: 'flag' }
    const stored = this.#d.repo.signatureKey(tenantId)
    if (stored !== undefined) return { key: stored, source: 'generated' }
    const bytes = this.#random.fork(`webhook-key:${tenantId}`).bytes(32)
    this.#d.repo.addSignatureKey(tenantId, Buffer.from(bytes).toString('base64url'))
    return { key: this.#d.repo.signatureKey(tenantId)!, source: 'generated' }
  }

  // ---- targets

  targets (tenantId: number): Target[] {
    const cached = this.#targets.get(tenantId)
    if (cached !== undefined) return cached
    const fromFlag: Target[] = this.#d.flagUrls.map((url) => ({
      id: stableUuid(`${tenantId}\n${url}`), tenantId, url, events: null, category: null, createdAt: 0, source: 'flag'
    }))
    const all = [...fromFlag, ...this.#d.repo.targets(tenantId).map((t): Target => ({ ...t, source: 'control' }))]
    this.#targets.set(tenantId, all)
    return all
  }

  onTargetAdded (fn: () => void): void { this.#targetAdded.push(fn) }

  addTarget (tenantId: number, input: NewTarget): Target {
    const target: StoredTarget = { id: this.#ids.uuid(), tenantId, url: input.url, events: input.events, category: input.category, createdAt: this.#d.clock.now() }
    this.#d.repo.addTarget(target)
    this.#targets.delete(tenantId)
    for (const fn of this.#targetAdded) fn()
    return { ...target, source: 'control' }
  }

  removeTarget (tenantId: number, id: string): void {
    this.#targets.delete(tenantId)
    if (this.#d.repo.removeTarget(tenantId, id)) return
    if (this.targets(tenantId).some((t) => t.id === id)) throw appError('WEBHOOK_TARGET_FROM_FLAG', { id })
    throw appError('WEBHOOK_TARGET_NOT_FOUND', { id })
  }

  /** Every control-API target of the tenant, or those with exactly `url`. */
  removeTargets (tenantId: number, url?: string): number {
    this.#targets.delete(tenantId)
    if (url === undefined) return this.#d.repo.removeTargets(tenantId)
    let n = 0
    for (const t of this.#d.repo.targets(tenantId)) if (t.url === url && this.#d.repo.removeTarget(tenantId, t.id)) n++
    return n
  }

  // ---- events

  /**
   * Records the deliveries of one event, one per target that wants it, with the tenant's faults applied.
   * Call inside the transaction of the change that caused the event. Returns the deliveries' ids.
   */
  emit (account: LinkedAccount, event: string, data: Record<string, unknown>, now: number): string[] {
    const targets = this.targets(account.tenantId).filter((t) =>
      (t.category === null || t.category === account.category) && (t.events === null || t.events.some((p) => patternMatches(p, event))))
    if (targets.length === 0) return []
    const linkedAccount = linkedAccountObject(account, this.#d.origin())
    const { key } = this.signatureKey(account.tenantId)
    const ids: string[] = []
    let earliest = Infinity
    for (const t of targets) {
      const url = t.url.replace(/\{category\}/g, account.category)
      // The exact bytes sent are the bytes signed; the journal keeps them.
      const body = JSON.stringify({ hook: { id: t.id, event, target: url }, linked_account: linkedAccount, data })
      const plan = this.#applyFaults(account.tenantId, now)
      const signature = webhookSignature(plan.wrongKey ? Buffer.from(this.#random.bytes(32)).toString('base64url') : key, body)
      const id = this.#ids.uuid()
      const base = { tenantId: account.tenantId, linkedAccountId: account.id, event, targetId: t.id, url, body, signature, createdAt: now, redeliveryOf: null }
      this.#d.repo.addDelivery({ ...base, id, state: plan.dropped ? 'dropped' : 'pending', faults: plan.applied, nextAttemptAt: plan.dueAt, duplicateOf: null })
      ids.push(id)
      if (plan.duplicate && !plan.dropped) {
        const copy = this.#ids.uuid()
        this.#d.repo.addDelivery({ ...base, id: copy, state: 'pending', faults: ['duplicate'], nextAttemptAt: plan.dueAt, duplicateOf: id })
        ids.push(copy)
      }
      if (plan.dueAt !== null) earliest = Math.min(earliest, plan.dueAt)
    }
    if (earliest !== Infinity) this.#wake(earliest)
    return ids
  }

  /** emit in a transaction of its own: an event fired on demand. */
  emitNow (account: LinkedAccount, event: string, data: Record<string, unknown>, now: number): string[] {
    return this.#d.db.transaction(() => this.emit(account, event, data, now))()
  }

  #applyFaults (tenantId: number, now: number): { dropped: boolean, duplicate: boolean, wrongKey: boolean, dueAt: number | null, applied: string[] } {
    const plan = { dropped: false, duplicate: false, wrongKey: false, dueAt: now as number | null, applied: [] as string[] }
    for (const f of this.#d.repo.faults(tenantId)) {
      if (f.fraction !== null && !this.#random.chance(f.fraction)) continue
      this.#d.repo.spendFault(f)
      plan.applied.push(f.kind)
      if (f.kind === 'drop') { plan.dropped = true; plan.dueAt = null; break }
      if (f.kind === 'delay') plan.dueAt = plan.dueAt! + (f.delayMs ?? 0)
      if (f.kind === 'duplicate') plan.duplicate = true
      if (f.kind === 'wrong_signature') plan.wrongKey = true
      // The k-th of N held back by (N-1-k) spacings: N deliveries made close together arrive in reverse order.
      if (f.kind === 'out_of_order') plan.dueAt = plan.dueAt! + ((f.remaining ?? 1) - 1) * (f.delayMs ?? 1000)
    }
    return plan
  }

  /** Sends a delivery again as a new journal entry: the same bytes, signed with the tenant's current key. */
  redeliver (tenantId: number, id: string, now: number): Delivery {
    const original = this.delivery(tenantId, id)
    const copy = this.#ids.uuid()
    this.#d.db.transaction(() => {
      this.#d.repo.addDelivery({
        id: copy,
        tenantId,
        linkedAccountId: original.linkedAccountId,
        event: original.event,
        targetId: original.targetId,
        url: original.url,
        body: original.body,
        signature: webhookSignature(this.signatureKey(tenantId).key, original.body),
        state: 'pending',
        faults: [],
        createdAt: now,
        nextAttemptAt: now,
        duplicateOf: null,
        redeliveryOf: original.id
      })
      this.#wake(now)
    })()
    return this.#d.repo.delivery(copy)!
  }

  delivery (tenantId: number, id: string): Delivery {
    const d = this.#d.repo.delivery(id)
    if (d === undefined || d.tenantId !== tenantId) throw appError('WEBHOOK_DELIVERY_NOT_FOUND', { id })
    return d
  }

  deliveries (tenantId: number, filter: DeliveryFilter): Delivery[] { return this.#d.repo.list(tenantId, filter) }

  // ---- faults

  faults (tenantId: number): StoredFault[] { return this.#d.repo.faults(tenantId) }

  addFault (tenantId: number, f: NewFault): StoredFault[] {
    this.#d.repo.addFault({ tenantId, kind: f.kind, remaining: f.count, count: f.count, fraction: f.fraction, delayMs: f.delayMs, createdAt: this.#d.clock.now() })
    return this.faults(tenantId)
  }

  clearFaults (tenantId: number): void { this.#d.repo.clearFaults(tenantId) }

  removeFault (tenantId: number, id: number): void {
    if (!this.#d.repo.removeFault(tenantId, id)) throw appError('WEBHOOK_FAULT_NOT_FOUND', { id })
  }

  // ---- dispatch

  /** Arms the dispatch job for `at`, unless it is already due earlier. */
  #wake (at: number): void {
    const pending = this.#d.scheduler.pending(DISPATCH)
    if (pending !== undefined && pending.dueAt <= at) return
    this.#d.scheduler.schedule(DISPATCH, at, {}, DISPATCH)
  }

  /** A dispatch run at `at` even without deliveries: the account-event outbox is handed over there. */
  wakeAt (at: number): void { this.#wake(at) }

  #dispatch (now: number): { after?: () => Promise<void> | void } | undefined {
    this.#d.handOver(now)
    const batch = this.#d.repo.claimDue(now, BATCH)
    const next = this.#d.repo.nextDue()
    if (next !== null) this.#wake(Math.max(next, now))
    if (batch.length === 0) return undefined
    return { after: () => this.#start(batch) }
  }

  #start (batch: readonly Delivery[]): Promise<void> | undefined {
    const byTarget = new Map<string, Delivery[]>()
    for (const d of batch) {
      const key = `${d.targetId}\n${d.url}`
      const list = byTarget.get(key)
      if (list === undefined) byTarget.set(key, [d]); else list.push(d)
    }
    const runs: Array<Promise<void>> = []
    for (const [key, list] of byTarget) {
      const previous = this.#chains.get(key) ?? Promise.resolve()
      const chain = previous.then(async () => {
        for (const d of list) await this.#attempt(d)
      }).catch((error: unknown) => { this.#d.log.error({ err: error }, 'webhook delivery chain failed') })
      this.#chains.set(key, chain)
      void chain.then(() => { if (this.#chains.get(key) === chain) this.#chains.delete(key) })
      runs.push(chain)
    }
    const all = Promise.all(runs).then(() => {})
    if (this.#d.clock.mode === 'virtual') return all
    this.#detached.add(all)
    void all.then(() => { this.#detached.delete(all) })
    return undefined
  }

  async #attempt (d: Delivery): Promise<void> {
    if (this.#closing) return
    const at = this.#d.clock.now()
    const result: SendResult = await postWebhook(this.#d.dispatcher, d.url, d.body, d.signature, this.#d.timeoutMs)
    if (this.#closing || !this.#d.db.open) return
    const attempts: Attempt[] = [...d.attempts, { at, statusCode: result.statusCode, error: result.error, durationMs: result.durationMs }]
    const status = result.statusCode
    this.#d.db.transaction(() => {
      if (status !== null && status >= 200 && status < 300) {
        this.#d.repo.finishAttempt(d.id, 'delivered', attempts, null)
      } else if ((status !== null && status >= 400 && status < 500) || attempts.length >= MAX_ATTEMPTS) {
        this.#d.repo.finishAttempt(d.id, 'failed', attempts, null)
      } else {
        const base = BACKOFF_BASE_MS * 2 ** (attempts.length - 1)
        const retryAt = this.#d.clock.now() + base + Math.round(base * 0.5 * this.#random.next())
        this.#d.repo.finishAttempt(d.id, 'pending', attempts, retryAt)
        this.#wake(retryAt)
      }
    })()
  }
}
