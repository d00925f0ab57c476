/** A field mapping was created, changed or deleted (accountId null: an organization-wide target field). */
export interface FieldMappingChanged {
  readonly tenantId: number
  readonly accountId: string | null
  readonly mappingId: string
  readonly change: 'created' | 'updated' | 'deleted'
  readonly at: number
}

/** An async passthrough's request reached the third party and its answer is ready (AsyncPassthrough.resolved). */
export interface AsyncPassthroughResolved {
  readonly tenantId: number
  readonly accountId: string
  readonly receiptId: string
  /** The RemoteResponse a poll now answers. */
  readonly response: Record<string, unknown>
  readonly at: number
}

/** The remote domain's entries in the event map (integration/domain-events.ts). */
export interface RemoteEvents {
  'field-mapping:changed': FieldMappingChanged
  'async-passthrough:resolved': AsyncPassthroughResolved
}
