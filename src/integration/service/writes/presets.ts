import type { Statement } from 'better-sqlite3'
import type { Db } from '../../../store/database.js'
import { TenantPresets } from '../../../store/tenant-presets.js'

/** What the next matching writes do at the simulated third party. */
export type PresetOutcome = 'fail' | 'slow' | 'warn'

export interface WritePreset {
  readonly id: number
  readonly tenantId: number
  /** null: every linked account of the tenant. */
  readonly accountId: string | null
  /** `{category}.{ModelName}`, or null: every model. */
  readonly modelId: string | null
  readonly outcome: PresetOutcome
  readonly problemType: string
  readonly message: string
  readonly delayMs: number
  readonly remaining: number
  readonly createdAt: number
}

export type NewPreset = Omit<WritePreset, 'id' | 'createdAt'>

interface Row {
  id: number, tenant_id: number, account_id: string | null, model_id: string | null, outcome: PresetOutcome
  problem_type: string, message: string, delay_ms: number, remaining: number, created_at: number
}

const toPreset = (r: Row): WritePreset => ({
  id: r.id,
  tenantId: r.tenant_id,
  accountId: r.account_id,
  modelId: r.model_id,
  outcome: r.outcome,
  problemType: r.problem_type,
  message: r.message,
  delayMs: r.delay_ms,
  remaining: r.remaining,
  createdAt: r.created_at
})

/**
 * Write presets, per tenant, in the order they were made: a write takes the first one that names its account
 * (or none) and its model (or none), which then has one write fewer to apply to; a spent preset is deleted.
 */
export class WritePresets extends TenantPresets<WritePreset> {
  readonly #insert: Statement

  constructor (db: Db) {
    super(db, 'write_presets', toPreset)
    this.#insert = db.prepare(`INSERT INTO write_presets (tenant_id, account_id, model_id, outcome, problem_type, message, delay_ms, remaining, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  }

  add (p: NewPreset, now: number): WritePreset {
    this.noteTenant(p.tenantId)
    const id = Number(this.#insert.run(p.tenantId, p.accountId, p.modelId, p.outcome, p.problemType, p.message, p.delayMs, p.remaining, now).lastInsertRowid)
    return { ...p, id, createdAt: now }
  }

  /** The preset the next write of this account and model takes, spent by one; undefined when none applies. */
  take (tenantId: number, accountId: string, modelId: string): WritePreset | undefined {
    return this.takeFirst(tenantId, (p) => (p.accountId === null || p.accountId === accountId) && (p.modelId === null || p.modelId === modelId))
  }
}
