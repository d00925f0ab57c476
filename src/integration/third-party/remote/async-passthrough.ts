import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import { appError } from '../../../core/errors.js'
import type { Ids } from '../../../core/ids.js'
import type { JobKind, Scheduler } from '../../../jobs/scheduler.js'
import type { AsyncPassthroughRepository, ReceiptRow } from './async-passthrough-repository.js'
import type { Passthrough, PassthroughAccount, PassthroughRequest, RemoteResponse, VendorFailure } from './passthrough.js'
import type { RemoteEvents } from './remote-events.js'

/** How long the simulated third party takes to answer an async passthrough. */
export const ASYNC_PASSTHROUGH_LATENCY_MS = 5_000
/** The documented polling limit: one poll per receipt every 10 seconds. */
export const ASYNC_PASSTHROUGH_POLL_MS = 10_000

/** Where a kept request holds the preset failure it met: a key no DataPassthroughRequest has. */
const FAILURE = '$failure'
type StoredRequest = PassthroughRequest & { readonly [FAILURE]?: VendorFailure }

/**
 * Async passthrough: the request is checked at once (the caller's mistakes are refused as by passthrough),
 * kept as a receipt, and run against the simulated third party by a job of the one scheduler when its
 * latency has passed on the clock; until then a poll answers the JSON string "PENDING".
 */
export class AsyncPassthroughs {
  readonly #clock: Clock
  readonly #scheduler: Scheduler
  readonly #passthrough: Passthrough
  readonly #ids: Ids
  readonly #account: (id: string) => PassthroughAccount | undefined
  readonly #events: Emitter<RemoteEvents>
  readonly #job: JobKind<{ receiptId: string }>
  readonly #repo: AsyncPassthroughRepository

  constructor (deps: { repo: AsyncPassthroughRepository, clock: Clock, scheduler: Scheduler, passthrough: Passthrough, ids: Ids, account: (id: string) => PassthroughAccount | undefined, events: Emitter<RemoteEvents> }) {
    this.#events = deps.events
    this.#clock = deps.clock
    this.#scheduler = deps.scheduler
    this.#passthrough = deps.passthrough
    this.#ids = deps.ids
    this.#account = deps.account
    this.#repo = deps.repo
    this.#job = deps.scheduler.define<{ receiptId: string }>('async-passthrough.resolve', ({ receiptId }) => { this.#run(receiptId) },
      ({ receiptId }, reason) => { this.#failed(receiptId, reason) })
  }

  /**
   * Keeps the call and schedules its answer: after the usual latency, or a slow preset's delay (async
   * passthrough has no timeout: that is what it is for); a fail preset is kept with the call for then.
   */
  submit (tenantId: number, account: PassthroughAccount, req: PassthroughRequest): string {
    const preset = this.#passthrough.preset(tenantId, account, req)
    const id = this.#ids.uuid()
    const now = this.#clock.now()
    const kept: StoredRequest = preset?.outcome === 'fail' ? { ...req, [FAILURE]: { status: preset.status, message: preset.message } } : req
    this.#repo.insert(id, tenantId, account.id, JSON.stringify(kept), now)
    this.#scheduler.schedule(this.#job, tenantId, now + (preset?.outcome === 'slow' ? preset.delayMs : ASYNC_PASSTHROUGH_LATENCY_MS), { receiptId: id })
    return id
  }

  /** The RemoteResponse once resolved, "PENDING" before; a poll sooner than 10 s after the last is refused. */
  poll (accountId: string, receiptId: string): RemoteResponse | 'PENDING' {
    const row = this.#repo.byId(receiptId)
    if (row === undefined || row.account_id !== accountId) throw appError('ASYNC_PASSTHROUGH_NOT_FOUND', { id: receiptId })
    const now = this.#clock.now()
    if (row.last_poll_at !== null && now - row.last_poll_at < ASYNC_PASSTHROUGH_POLL_MS) {
      const seconds = Math.ceil((row.last_poll_at + ASYNC_PASSTHROUGH_POLL_MS - now) / 1000)
      throw appError('ASYNC_PASSTHROUGH_TOO_FAST', { seconds }, { 'retry-after': String(seconds) })
    }
    this.#repo.polled(receiptId, now)
    return row.response === null ? 'PENDING' : JSON.parse(row.response) as RemoteResponse
  }

  clear (): void {
    this.#repo.clear()
  }

  #run (receiptId: string): void {
    const row = this.#repo.byId(receiptId)
    const account = row === undefined ? undefined : this.#account(row.account_id)
    if (row === undefined || account === undefined) return
    const { [FAILURE]: failure, ...req } = JSON.parse(row.request) as StoredRequest
    this.#resolve(row, this.#passthrough.run(account, req, failure))
  }

  /**
   * The request could not be run at all: it resolves with an error answer in the shape of a third party's
   * failure (a 500 RemoteResponse) rather than staying PENDING, and AsyncPassthrough.resolved goes out.
   */
  #failed (receiptId: string, reason: string): void {
    const row = this.#repo.byId(receiptId)
    if (row === undefined || row.response !== null) return
    const req = JSON.parse(row.request) as StoredRequest
    this.#resolve(row, this.#passthrough.failed(req, { status: 500, message: `The request could not be completed: ${reason}` }))
  }

  #resolve (row: ReceiptRow, response: RemoteResponse): void {
    this.#repo.resolve(row.id, JSON.stringify(response))
    this.#events.emit('async-passthrough:resolved', { tenantId: row.tenant_id, accountId: row.account_id, receiptId: row.id, response: { ...response }, at: this.#clock.now() })
  }
}
