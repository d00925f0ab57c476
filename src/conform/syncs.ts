import type { Kit } from './kit.js'
import { poll } from './timing.js'
import type { SyncStatusRecord } from './world.js'

/**
 * Syncs as the kit drives them at its unimock: every run it starts has its outcome and a short duration
 * preset, so a later sync takes a fraction of a second instead of the simulation's default half minute.
 */

export type SyncOutcome = 'DONE' | 'PARTIALLY_SYNCED' | 'FAILED' | 'PAUSED'

/** The duration of every sync the kit starts after the initial one. */
export const SHORT_SYNC = '200ms'

export async function preset (kit: Kit, accountId: string, result: SyncOutcome, duration = SHORT_SYNC, modelId?: string): Promise<void> {
  await kit.world.control.putLinkedAccountsByIdNextSync({ id: accountId }, { result, duration, ...(modelId === undefined ? {} : { model_id: modelId }) })
}

/** A sync of every model (or one) now, DONE and short unless preset otherwise already. */
export async function syncNow (kit: Kit, accountId: string, modelId?: string, result: SyncOutcome = 'DONE'): Promise<void> {
  await preset(kit, accountId, result, SHORT_SYNC, modelId)
  await kit.world.control.postLinkedAccountsByIdSyncNow({ id: accountId }, modelId === undefined ? {} : { model_id: modelId })
}

/** Waits until no model of the account is SYNCING; the state it settled in. */
export async function settled (kit: Kit, accountId: string, timeoutMs = 5000): Promise<SyncStatusRecord[]> {
  return await poll(kit.clock, `the syncs of account ${accountId} to finish`, async () => {
    const states = await kit.world.syncStatus(accountId)
    return states.some((s) => s.status === 'SYNCING') ? undefined : states
  }, { timeoutMs, everyMs: 20 })
}

/** The latest last_sync_finished of the account's models (the service's string), or null. */
export function latestFinished (states: readonly SyncStatusRecord[]): string | null {
  let best: string | null = null
  for (const s of states) if (s.last_sync_finished !== null && (best === null || s.last_sync_finished > best)) best = s.last_sync_finished
  return best
}

/** The states as a short text for evidence: `crm.Contact DONE (initial), crm.Lead FAILED`. */
export function statesText (states: readonly SyncStatusRecord[]): string {
  return states.map((s) => `${s.model_id} ${s.status}${s.is_initial_sync ? ' (initial)' : ''}`).join(', ')
}
