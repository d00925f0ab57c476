/** A linked account's common model scopes changed (POST linked-account-scopes); the audit trail records it. */
export interface ScopesChanged {
  readonly tenantId: number
  readonly accountId: string
  /** The bare model names whose permissions the request named. */
  readonly models: readonly string[]
  readonly at: number
}

/** The scopes domain's entries in the event map (../domain-events.ts). */
export interface ScopeEvents {
  'scopes:changed': ScopesChanged
}
