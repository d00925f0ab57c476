import type { LinkedAccount } from './linked-account.js'

/** A linked account finished the link flow (or was created complete through the control API). */
export interface AccountLinked {
  readonly account: LinkedAccount
  /** true when the account had finished linking before: the same account token, new credentials. */
  readonly isRelink: boolean
  /** Id of its LinkedAccount.linked row in the events log. */
  readonly eventId: string
  readonly at: number
}

/** A linked account is being deleted: listeners run before its row goes, and `account` is its last state. */
export interface AccountDeleted {
  readonly account: LinkedAccount
  /** Id of its LinkedAccount.deleted row in the events log. */
  readonly eventId: string
  readonly at: number
}

/**
 * The third-party system behind a complete linked account pushed its own webhook to the account's
 * webhook_listener_url: something changed there, so the account's data should be fetched now.
 */
export interface AccountWebhookReceived {
  readonly account: LinkedAccount
  readonly at: number
}

/** POST account-token/regenerate replaced the account's token; the old one answers 401 from now on. */
export interface AccountTokenRegenerated {
  readonly account: LinkedAccount
  readonly at: number
}

/** The control API marked the account RELINK_NEEDED: its credentials stopped working (an issue opens). */
export interface AccountRelinkNeeded {
  readonly account: LinkedAccount
  readonly at: number
}

/** The accounts domain's entries in the event map (integration/domain-events.ts). */
export interface AccountEvents {
  'account:linked': AccountLinked
  'account-token:regenerated': AccountTokenRegenerated
  'account:relink-needed': AccountRelinkNeeded
  'account:deleted': AccountDeleted
  'account:webhook-received': AccountWebhookReceived
}
