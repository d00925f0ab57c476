import type { Dispatcher as HttpDispatcher } from 'undici'
import type { Clock } from '../../../core/clock.js'
import { loadUndici } from '../../../core/undici.js'
import type { Emitter } from '../../../core/events.js'
import type { JobKind, Scheduler } from '../../../jobs/scheduler.js'
import type { Db } from '../../../store/database.js'
import { afterAttempt, type RetryDecision, type RetryPolicy } from './retry-policy.js'
import { postWebhook, type SendResult } from './sender.js'
import type { WebhookStreams } from './streams.js'
import type { TargetGuard } from './target-guard.js'
import type { WebhookEvents } from './webhook-events.js'
import type { Attempt, Delivery, WebhookRepository } from './webhook-repository.js'

/** Deliveries started together by one dispatch run. */
const BATCH = 500
/** One dispatch job pending per tenant: each tenant's deliveries fall due on its own clock. */
const keyOf = (tenantId: number): string => `webhooks.dispatch:${tenantId}`

interface DispatchJob { readonly tenantId: number }

export interface DispatcherDeps {
  readonly db: Db
  readonly clock: Clock
  readonly scheduler: Scheduler
  readonly repo: WebhookRepository
  readonly streams: WebhookStreams
  /** Every outgoing request goes through it (tests hand in a MockAgent). */
  readonly http: HttpDispatcher
  readonly timeoutMs: number
  readonly policy: RetryPolicy
  readonly log: { error(obj: object, msg: string): void }
  /** Each attempt's outcome, for logs and observers. */
  readonly events: Emitter<WebhookEvents>
  /** Whether a target may be POSTed to now (link-local and metadata addresses are refused). */
  readonly guard: TargetGuard
}

/**
 * Sends the outbox's due deliveries. A dispatch job (one pending at most: the scheduler keeps the earliest)
 * claims them and POSTs them after its transaction, recording each attempt and what the retry policy makes
 * of it; a retry is the same delivery due again.
 *
 * Why one target never blocks another: a dispatch run starts every due delivery at once, one chain per
 * target (a target's deliveries go one after another, in order; different targets in parallel), and hands
 * the chains to the clock as work of this instant (Clock.hold): the virtual clock moves on once they are
 * done, so POST /_unimock/clock/advance returns after the deliveries due in its window; the real clock
 * lets them run while other jobs proceed, and the next run appends to the per-target chains.
 */
export class DeliveryDispatcher {
  readonly #d: DispatcherDeps
  readonly #job: JobKind<DispatchJob>
  readonly #chains = new Map<string, Promise<void>>()
  readonly #inFlight = new Set<Promise<void>>()
  #closing = false

  /** An attempt's outcome and what the policy makes of it, in one transaction (built once, as the scheduler's). */
  readonly #record: (d: Delivery, attempts: Attempt[], decision: RetryDecision, result: SendResult, at: number) => void

  constructor (deps: DispatcherDeps) {
    this.#d = deps
    this.#record = deps.db.transaction((d: Delivery, attempts: Attempt[], decision: RetryDecision, result: SendResult, at: number) => {
      const retryAt = decision.state === 'pending' ? this.#d.clock.now() + decision.retryInMs : null
      this.#d.repo.finishAttempt(d.seq, decision.state, attempts, retryAt)
      if (retryAt !== null) this.wake(d.tenantId, retryAt)
      this.#d.events.emit('webhook:attempted', {
        deliveryId: d.id,
        tenantId: d.tenantId,
        linkedAccountId: d.linkedAccountId,
        targetId: d.targetId,
        url: d.url,
        event: d.event,
        attempt: attempts.length,
        statusCode: result.statusCode,
        error: result.error,
        durationMs: result.durationMs,
        state: decision.state,
        retryAt,
        at
      })
    })
    this.#job = deps.scheduler.define<DispatchJob>('webhooks.dispatch', ({ tenantId }, now) => this.#dispatch(tenantId, now), ({ tenantId }, reason, now) => {
      // What the run would have sent fails for good (GET .../webhooks/deliveries shows why); later ones still go.
      this.#d.repo.failDue(tenantId, now, BATCH, `unimock could not dispatch it: ${reason}`)
      const next = this.#d.repo.nextDue(tenantId)
      if (next !== null) this.wake(tenantId, Math.max(next, now))
    })
  }

  /** Makes sure a dispatch run of the tenant's deliveries happens by `at` (its time). Safe inside the caller's transaction. */
  wake (tenantId: number, at: number): void {
    this.#d.scheduler.scheduleEarliest(this.#job, tenantId, at, { tenantId }, keyOf(tenantId))
  }

  /**
   * A tenant added a webhook target: deliveries are coming, so undici (~150 ms to load) loads now rather
   * than inside the first burst of deliveries and its first attempt's duration.
   */
  loadSender (): void {
    loadUndici()
  }

  /** At start: deliveries interrupted by a stop are pending again, and a dispatch run is due for them. */
  resume (): void {
    this.#d.repo.recoverInFlight()
    for (const tenantId of this.#d.repo.pendingTenants()) {
      const next = this.#d.repo.nextDue(tenantId)
      if (next !== null) this.wake(tenantId, next)
    }
  }

  reset (): void {
    this.#chains.clear()
  }

  /** Stops recording results (the database is about to close) and waits for attempts in flight. */
  async close (): Promise<void> {
    this.#closing = true
    await Promise.allSettled([...this.#inFlight])
  }

  #dispatch (tenantId: number, now: number): { after?: () => Promise<void> } | undefined {
    const batch = this.#d.repo.claimDue(tenantId, now, BATCH)
    const next = this.#d.repo.nextDue(tenantId)
    if (next !== null) this.wake(tenantId, Math.max(next, now))
    if (batch.length === 0) return undefined
    return { after: () => this.#d.clock.hold(this.#start(batch)) }
  }

  #start (batch: readonly Delivery[]): Promise<void> {
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
        // Judged once per run of a target (its deliveries share the URL): a lookup, not one per delivery.
        const refused = this.#closing ? undefined : await this.#d.guard(list[0]!.url)
        for (const d of list) await this.#attempt(d, refused)
      }).catch((error: unknown) => { this.#d.log.error({ err: error }, 'webhook delivery chain failed') })
      this.#chains.set(key, chain)
      void chain.then(() => { if (this.#chains.get(key) === chain) this.#chains.delete(key) })
      runs.push(chain)
    }
    const all = Promise.all(runs).then(() => {})
    this.#inFlight.add(all)
    void all.then(() => { this.#inFlight.delete(all) })
    return all
  }

  /** One attempt; `refused`: why the target may not be POSTed to now, recorded as the attempt's failure. */
  async #attempt (d: Delivery, refused: string | undefined): Promise<void> {
    if (this.#closing) return
    const at = this.#d.clock.now()
    const result: SendResult = refused === undefined
      ? await postWebhook(this.#d.http, d.url, d.body, d.signature, this.#d.timeoutMs)
      : { statusCode: null, error: `refused by unimock: ${refused} (--webhook-allow-private lifts this)`, retryAfterMs: null, durationMs: 0 }
    if (this.#closing || !this.#d.db.open) return
    const attempts: Attempt[] = [...d.attempts, { at, statusCode: result.statusCode, error: result.error, durationMs: result.durationMs }]
    // A refusal is final: retrying would only be refused again, and nothing may reach that address meanwhile.
    const decision: RetryDecision = refused === undefined ? afterAttempt(attempts.length, result, () => this.#d.streams.random.next(), this.#d.policy) : { state: 'failed' }
    this.#record(d, attempts, decision, result, at)
  }
}
