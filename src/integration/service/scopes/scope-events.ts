/**
 * Common model scopes changed: a linked account's own (POST linked-account-scopes) or, with `accountId`
 * null, the organization's defaults of a category (the control API); the audit trail records it.
 */
export interface ScopesChanged {
  readonly tenantId: number
  readonly accountId: string | null
  readonly category: string
  /** The bare model names whose permissions the request named. */
  readonly models: readonly string[]
  readonly at: number
}

/** The scopes domain's entries in the event map (integration/domain-events.ts). */
export interface ScopeEvents {
  'scopes:changed': ScopesChanged
}
