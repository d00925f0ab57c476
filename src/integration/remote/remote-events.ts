/** A field mapping was created, changed or deleted (accountId null: an organization-wide target field). */
export interface FieldMappingChanged {
  readonly tenantId: number
  readonly accountId: string | null
  readonly mappingId: string
  readonly change: 'created' | 'updated' | 'deleted'
  readonly at: number
}

/** The remote domain's entries in the event map (../domain-events.ts). */
export interface RemoteEvents {
  'field-mapping:changed': FieldMappingChanged
}
