import type { Statement } from 'better-sqlite3'
import type { Db } from '../../../store/database.js'
import { TenantPresets } from '../../../store/tenant-presets.js'

/** What the next matching passthrough calls meet at the simulated third party. */
export type PassthroughOutcome = 'fail' | 'slow'

export interface PassthroughPreset {
  readonly id: number
  readonly tenantId: number
  /** null: every linked account of the tenant. */
  readonly accountId: string | null
  /** null: every raw path; else the raw paths that start with it. */
  readonly pathPrefix: string | null
  readonly outcome: PassthroughOutcome
  /** fail: the third party's status inside the RemoteResponse. */
  readonly status: number
  readonly message: string
  /** slow: how long the third party takes, on the clock. */
  readonly delayMs: number
  readonly remaining: number
  readonly createdAt: number
}

export type NewPassthroughPreset = Omit<PassthroughPreset, 'id' | 'createdAt'>

interface Row {
  id: number, tenant_id: number, account_id: string | null, path_prefix: string | null, outcome: PassthroughOutcome
  status: number, message: string, delay_ms: number, remaining: number, created_at: number
}

const toPreset = (r: Row): PassthroughPreset => ({
  id: r.id,
  tenantId: r.tenant_id,
  accountId: r.account_id,
  pathPrefix: r.path_prefix,
  outcome: r.outcome,
  status: r.status,
  message: r.message,
  delayMs: r.delay_ms,
  remaining: r.remaining,
  createdAt: r.created_at
})

/**
 * Passthrough presets, per tenant, in the order they were made: a call (sync or async) takes the first one that
 * names its account (or none) and a prefix of its raw path (or none); a spent preset is deleted.
 */
export class PassthroughPresets extends TenantPresets<PassthroughPreset> {
  readonly #insert: Statement

  constructor (db: Db) {
    super(db, 'passthrough_presets', toPreset)
    this.#insert = db.prepare(`INSERT INTO passthrough_presets (tenant_id, account_id, path_prefix, outcome, status, message, delay_ms, remaining, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  }

  add (p: NewPassthroughPreset, now: number): PassthroughPreset {
    this.noteTenant(p.tenantId)
    const id = Number(this.#insert.run(p.tenantId, p.accountId, p.pathPrefix, p.outcome, p.status, p.message, p.delayMs, p.remaining, now).lastInsertRowid)
    return { ...p, id, createdAt: now }
  }

  /** The preset the next call of this account to this raw path takes, spent by one; undefined when none applies. */
  take (tenantId: number, accountId: string, path: string): PassthroughPreset | undefined {
    return this.takeFirst(tenantId, (p) => (p.accountId === null || p.accountId === accountId) && (p.pathPrefix === null || path.startsWith(p.pathPrefix)))
  }
}
