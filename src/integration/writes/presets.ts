import type { Statement } from 'better-sqlite3'
import type { Db } from '../../store/database.js'

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
export class WritePresets {
  readonly #insert: Statement
  readonly #ofTenant: Statement
  readonly #spend: Statement
  readonly #drop: Statement
  readonly #clearTenant: Statement
  readonly #remove: Statement
  readonly #clear: Statement

  constructor (db: Db) {
    this.#insert = db.prepare(`INSERT INTO write_presets (tenant_id, account_id, model_id, outcome, problem_type, message, delay_ms, remaining, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    this.#ofTenant = db.prepare('SELECT * FROM write_presets WHERE tenant_id = ? ORDER BY id')
    this.#spend = db.prepare('UPDATE write_presets SET remaining = remaining - 1 WHERE id = ?')
    this.#drop = db.prepare('DELETE FROM write_presets WHERE id = ? AND remaining <= 0')
    this.#clearTenant = db.prepare('DELETE FROM write_presets WHERE tenant_id = ?')
    this.#remove = db.prepare('DELETE FROM write_presets WHERE tenant_id = ? AND id = ?')
    this.#clear = db.prepare('DELETE FROM write_presets')
  }

  add (p: NewPreset, now: number): WritePreset {
    const id = Number(this.#insert.run(p.tenantId, p.accountId, p.modelId, p.outcome, p.problemType, p.message, p.delayMs, p.remaining, now).lastInsertRowid)
    return { ...p, id, createdAt: now }
  }

  list (tenantId: number): WritePreset[] {
    return (this.#ofTenant.all(tenantId) as Row[]).map(toPreset)
  }

  /** The preset the next write of this account and model takes, spent by one; undefined when none applies. */
  take (tenantId: number, accountId: string, modelId: string): WritePreset | undefined {
    const preset = this.list(tenantId).find((p) => (p.accountId === null || p.accountId === accountId) && (p.modelId === null || p.modelId === modelId))
    if (preset === undefined) return undefined
    this.#spend.run(preset.id)
    this.#drop.run(preset.id)
    return preset
  }

  /** False when the tenant has no such preset (spent, cleared or never added). */
  remove (tenantId: number, id: number): boolean {
    return this.#remove.run(tenantId, id).changes > 0
  }

  clear (tenantId?: number): number {
    return (tenantId === undefined ? this.#clear.run() : this.#clearTenant.run(tenantId)).changes
  }
}
