/** What the parts of the write pipeline (service, routes, batches, idempotency, /meta) pass between them. */

/** The linked account a write acts for, as the auth hook resolved it. */
export interface WriteAccount {
  readonly id: string
  readonly tenantId: number
  readonly category: string
  readonly integrationName: string | null
  readonly status: string
}

/**
 * Scopes decide whether a model may be written: the `writeEnabled` of H's ScopesPort
 * (src/integration/service/scopes/scopes-port.ts on wt/account), by bare model name; compose.ts wires the link's
 * common_models until that port lands.
 */
export interface WriteScopes {
  writeEnabled(accountId: string, modelName: string): boolean
}

export interface WriteQuery {
  readonly is_debug_mode?: boolean
  readonly run_async?: boolean
}

/** An answer: the HTTP status and the JSON body (undefined: no body). */
export interface WriteAnswer {
  readonly status: number
  readonly body: Record<string, unknown> | undefined
  /** The record written, when one was. */
  readonly recordId?: string
  /** A slow preset: how long the answer takes on the clock. */
  readonly delayMs?: number
}

/** What a `run_async` write leaves to do at the third party once the record is in Merge's store. */
export interface DeferredWrite {
  readonly modelId: string
  readonly recordId: string
  readonly change: 'added' | 'changed'
  /** The status the synchronous write would have answered. */
  readonly status: number
  readonly debug: boolean
}
