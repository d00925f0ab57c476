import type { LinkedAccount } from './linked-account.js'

/** A linked account finished the link flow (or was created complete through the control API). */
export interface AccountLinked {
  readonly account: LinkedAccount
  /** true when the account had finished linking before: the same account token, new credentials. */
  readonly isRelink: boolean
  /** Id of the LinkedAccount.linked row in the events outbox. */
  readonly eventId: string
  readonly at: number
}

export type AccountLinkedListener = (event: AccountLinked) => void

/** A link token was created for the account: `disabledModels` are the model_ids common_models turned off. */
export interface LinkRequested {
  readonly account: LinkedAccount
  readonly disabledModels: readonly string[]
}
export type LinkRequestedListener = (event: LinkRequested) => void
export type AccountDeletedListener = (account: LinkedAccount, at: number) => void

/**
 * Other unified-service domains react to linking and deleting without this one importing them: the sync
 * work subscribes to start the initial sync, the data work to drop an account's records. Listeners run
 * synchronously INSIDE the transaction of the change, so their writes (and scheduler.schedule calls)
 * commit or roll back with it; a listener that throws undoes the change. Do async work in a scheduled job.
 */
export class AccountHooks {
  readonly #linked: AccountLinkedListener[] = []
  readonly #deleted: AccountDeletedListener[] = []
  readonly #requested: LinkRequestedListener[] = []

  onLinkRequested (fn: LinkRequestedListener): void { this.#requested.push(fn) }

  emitLinkRequested (event: LinkRequested): void {
    for (const fn of this.#requested) fn(event)
  }

  onAccountLinked (fn: AccountLinkedListener): void { this.#linked.push(fn) }
  onAccountDeleted (fn: AccountDeletedListener): void { this.#deleted.push(fn) }

  emitLinked (event: AccountLinked): void {
    for (const fn of this.#linked) fn(event)
  }

  emitDeleted (account: LinkedAccount, at: number): void {
    for (const fn of this.#deleted) fn(account, at)
  }
}
