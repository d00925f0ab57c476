import type { LinkedAccount } from '../accounts/linked-account.js'

/** A link token was created for the account: `disabledModels` are the model_ids common_models turned off. */
export interface LinkRequested {
  readonly account: LinkedAccount
  readonly disabledModels: readonly string[]
  readonly at: number
}

/** The link flow's entries in the event map (../domain-events.ts). */
export interface LinkEvents {
  'link:requested': LinkRequested
}
