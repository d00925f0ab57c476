import type { LinkedAccount } from '../../base/accounts/linked-account.js'
import type { LinkModelScope } from '../scopes/scope-service.js'

/** A link token was created for the account: `linkScopes` are the models its common_models named. */
export interface LinkRequested {
  readonly account: LinkedAccount
  readonly linkScopes: readonly LinkModelScope[]
  readonly at: number
}

/** The link flow's entries in the event map (integration/domain-events.ts). */
export interface LinkEvents {
  'link:requested': LinkRequested
}
