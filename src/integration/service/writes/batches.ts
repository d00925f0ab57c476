import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { JobKind, Scheduler } from '../../../jobs/scheduler.js'
import type { BatchRepository, StoredBatch } from './batch-repository.js'
import { isObject } from './validation.js'
import type { WriteSurface, WriteOperation } from './write-surface.js'
import type { WriteEvents } from './write-events.js'
import type { DeferredWrite, WriteAccount, WriteAnswer, WriteService } from './write-service.js'

/**
 * Writes done later, on the one scheduler and the virtual clock: accounting bulk batches (202 {batch_id},
 * polled at .../bulk/{batch_id}: ENQUEUED, IN_PROGRESS, then SUCCESS, PARTIAL_SUCCESS or FAILED, one object
 * per item) and async POST tasks (.../{segment}/async → {task_id}, polled at /accounting/v1/async-tasks/{id}:
 * QUEUED, IN_PROGRESS, then COMPLETED or FAILURE with the answer the synchronous write would have given),
 * and the third-party side of `run_async` writes (kind async: the record is already in Merge's store; same
 * states as a task). Each item goes through the same write pipeline as a single create. A finished batch
 * announces AsyncBulkPost.completed, a finished task or run_async write AsyncPost.completed.
 */

export interface BatchDeps {
  readonly repo: BatchRepository
  readonly scheduler: Scheduler
  readonly clock: Clock
  readonly writes: WriteService
  readonly surface: WriteSurface
  /** The account a deferred write acts for, as it is when the write runs. */
  readonly account: (id: string) => WriteAccount | undefined
  readonly uuid: () => string
  readonly events: Emitter<WriteEvents>
}

/** Each step of a batch is one job, this far apart on the clock. */
export const BATCH_STEP_MS = 1000
/** The facts: at most 100 objects per bulk request. */
export const MAX_BATCH_ITEMS = 100

interface BatchItem { readonly item_id: string, readonly payload: unknown }

export class Batches {
  readonly #d: BatchDeps
  readonly #job: JobKind<{ id: string }>

  constructor (deps: BatchDeps) {
    this.#d = deps
    this.#job = deps.scheduler.define<{ id: string }>('writes.batch', ({ id }, now) => { this.#step(id, now) }, ({ id }, reason, now) => { this.#failed(id, reason, now) })
  }

  /** The create operation a bulk or async write runs per item. */
  createOf (op: WriteOperation): WriteOperation | undefined {
    return this.#d.surface.operations.find((o) => o.family === 'writes' && o.kind === 'create' && o.category === op.category && o.model === op.model)
  }

  bulk (account: WriteAccount, op: WriteOperation, body: unknown): WriteAnswer {
    const create = this.createOf(op)
    const items = isObject(body) ? body.batch_items : undefined
    if (create === undefined) return { status: 404, body: { detail: 'No such bulk operation.' } }
    if (!Array.isArray(items) || items.length === 0) return bad('batch_items: send a list of 1 to 100 {item_id, payload} objects.')
    if (items.length > MAX_BATCH_ITEMS) return bad(`batch_items: at most ${MAX_BATCH_ITEMS} objects per request, not ${items.length}.`)
    const seen = new Set<string>()
    for (const [i, item] of items.entries()) {
      if (!isObject(item) || typeof item.item_id !== 'string' || item.item_id === '' || !isObject(item.payload)) return bad(`batch_items/${i}: each item needs item_id (a string) and payload (an object).`)
      if (seen.has(item.item_id)) return bad(`batch_items/${i}/item_id: "${item.item_id.slice(0, 100)}" is used twice; each item_id must be unique.`)
      seen.add(item.item_id)
    }
    return this.#enqueue(account, 'bulk', create, items.map((it: BatchItem) => ({ item_id: it.item_id, payload: it.payload })), 'ENQUEUED', (id) => ({ batch_id: id }))
  }

  /** POST .../{segment}/async: the accounting beta's asynchronous create. */
  task (account: WriteAccount, create: WriteOperation, body: unknown): WriteAnswer {
    if (!isObject(body)) return bad('The request body must be a JSON object with the record under "model".')
    return this.#enqueue(account, 'task', create, { body }, 'QUEUED', (id) => ({ task_id: id }))
  }

  /** A run_async write's third-party side: QUEUED, IN_PROGRESS, then COMPLETED or FAILURE (WriteService.settle). */
  defer (account: WriteAccount, write: DeferredWrite): void {
    this.#enqueue(account, 'async', { key: write.modelId }, write, 'QUEUED', () => ({}))
  }

  #enqueue (account: WriteAccount, kind: 'bulk' | 'task' | 'async', create: Pick<WriteOperation, 'key'>, items: unknown, status: string, answer: (id: string) => Record<string, unknown>): WriteAnswer {
    const id = this.#d.uuid()
    const now = this.#d.clock.now()
    this.#d.repo.add({ id, tenantId: account.tenantId, accountId: account.id, kind, opKey: create.key, status, items, createdAt: now })
    this.#d.scheduler.schedule(this.#job, account.tenantId, now + BATCH_STEP_MS, { id })
    return { status: 202, body: answer(id) }
  }

  /** GET .../bulk/{batch_id}: BatchObjectsResponse. */
  bulkStatus (account: WriteAccount, op: WriteOperation, batchId: string): WriteAnswer {
    const create = this.createOf(op)
    const b = this.#own(account, batchId, 'bulk')
    if (b === undefined || create === undefined || b.opKey !== create.key) return { status: 404, body: { detail: `No bulk batch ${batchId} of this linked account.` } }
    const items = b.items as BatchItem[]
    const objects = (b.results as unknown[] | null) ?? items.map((it) => ({ item_id: it.item_id, status: 'PENDING' }))
    return { status: 200, body: { batch_id: b.id, status: b.status, total_count: items.length, objects } }
  }

  /** GET /accounting/v1/async-tasks/{id}: AsyncPostTask. */
  taskStatus (account: WriteAccount, taskId: string): WriteAnswer {
    const b = this.#own(account, taskId, 'task') ?? this.#own(account, taskId, 'async')
    if (b === undefined) return { status: 404, body: { detail: `No async task ${taskId} of this linked account.` } }
    // A slow third party's answer is ready but not yet given: still in progress to the client.
    if (b.status === 'SETTLING') return { status: 200, body: { status: 'IN_PROGRESS', result: {} } }
    return { status: 200, body: { status: b.status, result: b.results ?? {} } }
  }

  #own (account: WriteAccount, id: string, kind: StoredBatch['kind']): StoredBatch | undefined {
    const b = this.#d.repo.get(id)
    return b !== undefined && b.kind === kind && b.accountId === account.id && b.tenantId === account.tenantId ? b : undefined
  }

  /** One step: queued → in progress (next step scheduled) → every item written through the pipeline. */
  #step (id: string, now: number): void {
    const b = this.#d.repo.get(id)
    if (b === undefined) return
    if (b.status === 'ENQUEUED' || b.status === 'QUEUED') {
      this.#d.repo.update(id, 'IN_PROGRESS', null)
      this.#d.scheduler.schedule(this.#job, b.tenantId, now + BATCH_STEP_MS, { id })
      return
    }
    const account = this.#d.account(b.accountId)
    if (b.status === 'SETTLING') {
      // A slow third party: the answer was ready, the completion waited for the preset's delay.
      this.#finishTask(b, account, b.results as TaskResult, now)
      return
    }
    if (b.status !== 'IN_PROGRESS') return
    const create = this.#d.surface.operations.find((o) => o.key === b.opKey)
    if (b.kind === 'task' || b.kind === 'async') {
      const answer = account === undefined
        ? undefined
        : b.kind === 'async'
          ? this.#d.writes.settle(account, b.items as DeferredWrite)
          : create === undefined ? undefined : this.#d.writes.create(account, create, (b.items as { body: unknown }).body, {})
      const result: TaskResult = { status_code: answer?.status ?? 410, response: answer?.body ?? { detail: 'The linked account no longer exists.' } }
      if (answer?.delayMs !== undefined && answer.delayMs > 0) {
        this.#d.repo.update(id, 'SETTLING', result)
        this.#d.scheduler.schedule(this.#job, b.tenantId, now + answer.delayMs, { id })
        return
      }
      this.#finishTask(b, account, result, now)
      return
    }
    const objects = (b.items as BatchItem[]).map((item) => {
      const answer = create === undefined || account === undefined ? undefined : this.#d.writes.create(account, create, { model: item.payload }, {})
      if (answer !== undefined && answer.status < 300 && answer.recordId !== undefined) {
        return { item_id: item.item_id, status: 'SUCCESS', response: { merge_common_model_id: answer.recordId } }
      }
      return { item_id: item.item_id, status: 'FAILURE', response: { error_message: failure(answer) } }
    })
    const succeeded = objects.filter((o) => o.status === 'SUCCESS').length
    const status = succeeded === objects.length ? 'SUCCESS' : succeeded === 0 ? 'FAILED' : 'PARTIAL_SUCCESS'
    this.#d.repo.update(id, status, objects)
    if (account !== undefined) {
      this.#d.events.emit('write:async-completed', {
        tenantId: b.tenantId, accountId: b.accountId, kind: 'bulk', data: { batch_id: b.id, status, total_count: objects.length, objects }, at: now
      })
    }
  }

  /** A step threw (its writes rolled back): the batch or task ends failed, with the reason, and says so. */
  #failed (id: string, reason: string, now: number): void {
    const b = this.#d.repo.get(id)
    if (b === undefined || !['ENQUEUED', 'QUEUED', 'IN_PROGRESS', 'SETTLING'].includes(b.status)) return
    const account = this.#d.account(b.accountId)
    const message = `The write could not be completed: ${reason}`
    if (b.kind !== 'bulk') {
      this.#finishTask(b, account, { status_code: 500, response: { detail: message } }, now)
      return
    }
    const objects = (b.items as BatchItem[]).map((item) => ({ item_id: item.item_id, status: 'FAILURE', response: { error_message: message } }))
    this.#d.repo.update(id, 'FAILED', objects)
    if (account === undefined) return
    this.#d.events.emit('write:async-completed', { tenantId: b.tenantId, accountId: b.accountId, kind: 'bulk', data: { batch_id: b.id, status: 'FAILED', total_count: objects.length, objects }, at: now })
  }

  #finishTask (b: StoredBatch, account: WriteAccount | undefined, result: TaskResult, now: number): void {
    const status = result.status_code < 300 ? 'COMPLETED' : 'FAILURE'
    this.#d.repo.update(b.id, status, result)
    if (account === undefined) return
    this.#d.events.emit('write:async-completed', { tenantId: b.tenantId, accountId: b.accountId, kind: 'post', data: { task_id: b.id, status, result }, at: now })
  }
}

interface TaskResult { readonly status_code: number, readonly response: unknown }

function bad (detail: string): WriteAnswer {
  return { status: 400, body: { detail } }
}

function failure (answer: WriteAnswer | undefined): string {
  if (answer === undefined) return 'The linked account no longer exists.'
  const errors = (answer.body?.errors ?? []) as Array<{ detail?: string }>
  return errors.map((e) => e.detail ?? '').join(' ') || String(answer.body?.detail ?? `status ${answer.status}`)
}
