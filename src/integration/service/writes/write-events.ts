/**
 * A record changed through the unified API (create, partial update, action, ignore, a bulk item): the webhook
 * events {Model}.added/.changed/.removed go out from here; H's audit trail listens.
 */
export interface RecordWritten {
  readonly tenantId: number
  readonly accountId: string
  /** `{category}.{ModelName}`. */
  readonly modelId: string
  readonly recordId: string
  readonly change: 'added' | 'changed' | 'removed'
  readonly at: number
}

/** The simulated third party refused a write (a preset): H opens an issue from it. */
export interface WriteFailed {
  readonly tenantId: number
  readonly accountId: string
  readonly modelId: string
  readonly problemType: string
  readonly message: string
  readonly at: number
}

/**
 * A deferred write finished at the simulated third party: an async task or a `run_async` write
 * (AsyncPost.completed, data: the task as async-tasks/{id} shows it, with its id) or a bulk batch
 * (AsyncBulkPost.completed, data: the batch as bulk/{batch_id} shows it).
 */
export interface AsyncWriteCompleted {
  readonly tenantId: number
  readonly accountId: string
  readonly kind: 'post' | 'bulk'
  readonly data: Record<string, unknown>
  readonly at: number
}

/** The writes domain's entries in the event map (integration/domain-events.ts). */
export interface WriteEvents {
  'record:written': RecordWritten
  'write:failed': WriteFailed
  'write:async-completed': AsyncWriteCompleted
}
