import { digestHex } from '../../core/secrets.js'
import type { AccountService } from '../accounts/account-service.js'
import type { Tenant } from '../tenants/tenant.js'
import type { SyncState } from '../sync/sync-state.js'
import type { SyncBefore } from './journal-entry.js'
import { fingerprint } from './fingerprint.js'

/** A resync's starting point: how many enabled models were initial, failed, partial, paused or running. */
export function syncBefore (states: readonly SyncState[]): SyncBefore {
  let models = 0; let initial = 0; let failed = 0; let partial = 0; let paused = 0; let syncing = 0
  for (const s of states) {
    if (!s.enabled) continue
    models++
    if (s.isInitialSync) initial++
    if (s.status === 'FAILED' || s.lastSyncResult === 'FAILED') failed++
    if (s.status === 'PARTIALLY_SYNCED' || s.lastSyncResult === 'PARTIALLY_SYNCED') partial++
    if (s.status === 'PAUSED') paused++
    if (s.status === 'SYNCING') syncing++
  }
  return { models, initial, failed, partial, paused, syncing }
}

const NEXT = /"next":(?:null|"([^"\\]*)")/
const PREVIOUS = /"previous":(?:null|"([^"\\]*)")/

/** The fingerprints of a page's next and previous cursors, read from the head of its JSON (where they come first). */
export function pageCursors (payload: unknown): { next: string | null, previous: string | null } | undefined {
  const head = typeof payload === 'string'
    ? payload.slice(0, 2048)
    : Buffer.isBuffer(payload) ? payload.toString('utf8', 0, Math.min(payload.length, 2048)) : undefined
  if (head === undefined) return undefined
  const next = NEXT.exec(head)
  const previous = PREVIOUS.exec(head)
  if (next === null || previous === null) return undefined
  return {
    next: next[1] === undefined ? null : fingerprint(next[1]),
    previous: previous[1] === undefined ? null : fingerprint(previous[1])
  }
}

/**
 * The account an X-Account-Token names when authentication refused it for its status (relinking needed):
 * the auth hook resolved no account then, yet "calls after a 401" must be tied to it. Rare, so a tenant's
 * token map is built on a miss and kept: account tokens never change.
 */
export class TokenOwners {
  readonly #accounts: AccountService
  readonly #byTenant = new Map<number, Map<string, string>>()

  constructor (accounts: AccountService) {
    this.#accounts = accounts
  }

  owner (tenant: Tenant, token: string | undefined): string | undefined {
    if (token === undefined || token.trim() === '') return undefined
    const hash = digestHex(token.trim())
    const known = this.#byTenant.get(tenant.id)?.get(hash)
    if (known !== undefined) return known
    const map = new Map<string, string>()
    for (const a of this.#accounts.all(tenant)) map.set(digestHex(a.accountToken), a.id)
    this.#byTenant.set(tenant.id, map)
    return map.get(hash)
  }

  clear (): void { this.#byTenant.clear() }
}
