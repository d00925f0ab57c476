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

/** The writes domain's entries in the event map (../domain-events.ts). */
export interface WriteEvents {
  'record:written': RecordWritten
  'write:failed': WriteFailed
}
