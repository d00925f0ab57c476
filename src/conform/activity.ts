import type { Kit } from './kit.js'

/**
 * What "the backend is done for now" rests on, for every wait of the kit: an account's activity as one
 * fingerprint (its journal, its unanswered deliveries, its requests under way at unimock: a held one shows in
 * no journal yet), and how long it must stay the same.
 */

export interface Watched {
  readonly accountId: string
  readonly accountToken: string
}

/** How long nothing may happen on an account before the backend counts as done with what it was told. */
export const QUIET_MS = 250

export interface Activity {
  /** Equal for two readings exactly when nothing happened on the account in between. */
  readonly fingerprint: string
  /** Nothing of the account waits: no delivery unanswered, no request under way. */
  readonly idle: boolean
}

export async function activity (kit: Kit, account: Watched): Promise<Activity> {
  const entries = await kit.journal.entries({ account: account.accountId })
  const pending = (await kit.world.control.getWebhooksDeliveries({ account: account.accountId, state: 'pending', limit: 1 })).results.length
  const busy = kit.world.busy(account.accountToken)
  return { fingerprint: `${entries.length}:${entries.at(-1)?.id ?? 0}:${pending}:${String(busy)}`, idle: pending === 0 && !busy }
}
