import type { Db } from '../../../store/database.js'
import type { FaultKind, FaultStatus, Quirk } from './schemas.js'

export interface FaultScope {
  readonly path: string | null
  readonly method: string | null
  readonly category: string | null
  readonly account: string | null
  readonly model: string | null
}

/** A service fault as stored: the settled form of a NewFaultBody (defaults filled in, latency in ms). */
export interface StoredFault {
  readonly id: number
  readonly tenantId: number
  readonly kind: FaultKind
  readonly status: FaultStatus | null
  readonly retryAfter: number | null
  readonly latencyMs: number | null
  readonly quirk: Quirk | null
  readonly scope: FaultScope
  readonly count: number | null
  readonly probability: number | null
  readonly remaining: number | null
  readonly hits: number
  readonly draws: number
  readonly createdAt: number
}

export type NewStoredFault = Omit<StoredFault, 'id' | 'remaining' | 'hits' | 'draws'>

interface FaultRow {
  id: number, tenant_id: number, kind: FaultKind, status: FaultStatus | null, retry_after: number | null, latency_ms: number | null,
  quirk: Quirk | null, scope_path: string | null, scope_method: string | null, scope_category: string | null, scope_account: string | null,
  scope_model: string | null, count: number | null, probability: number | null, remaining: number | null, hits: number, draws: number, created_at: number
}

const toFault = (r: FaultRow): StoredFault => ({
  id: r.id,
  tenantId: r.tenant_id,
  kind: r.kind,
  status: r.status,
  retryAfter: r.retry_after,
  latencyMs: r.latency_ms,
  quirk: r.quirk,
  scope: { path: r.scope_path, method: r.scope_method, category: r.scope_category, account: r.scope_account, model: r.scope_model },
  count: r.count,
  probability: r.probability,
  remaining: r.remaining,
  hits: r.hits,
  draws: r.draws,
  createdAt: r.created_at
})

const COLUMNS = `id, tenant_id, kind, status, retry_after, latency_ms, quirk, scope_path, scope_method, scope_category, scope_account,
  scope_model, count, probability, remaining, hits, draws, created_at`
const IN_FORCE = '(remaining IS NULL OR remaining > 0)'

/** The SQL of service faults. */
export class FaultRepository {
  readonly #all
  readonly #inForce
  readonly #countInForce
  readonly #one
  readonly #insert
  readonly #spend
  readonly #delete
  readonly #deleteTenant
  readonly #clear

  constructor (db: Db) {
    this.#all = db.prepare(`SELECT ${COLUMNS} FROM service_faults WHERE tenant_id = ? ORDER BY id`)
    this.#inForce = db.prepare(`SELECT ${COLUMNS} FROM service_faults WHERE tenant_id = ? AND ${IN_FORCE} ORDER BY id`)
    this.#countInForce = db.prepare(`SELECT count(*) FROM service_faults WHERE ${IN_FORCE}`).pluck()
    this.#one = db.prepare(`SELECT ${COLUMNS} FROM service_faults WHERE id = ?`)
    this.#insert = db.prepare(`INSERT INTO service_faults (tenant_id, kind, status, retry_after, latency_ms, quirk, scope_path, scope_method,
      scope_category, scope_account, scope_model, count, probability, remaining, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    this.#spend = db.prepare('UPDATE service_faults SET remaining = ?, hits = ?, draws = ? WHERE id = ?')
    this.#delete = db.prepare('DELETE FROM service_faults WHERE tenant_id = ? AND id = ?')
    this.#deleteTenant = db.prepare('DELETE FROM service_faults WHERE tenant_id = ?')
    this.#clear = db.prepare('DELETE FROM service_faults')
  }

  /** Every fault of the tenant, spent ones too, in creation order. */
  all (tenantId: number): StoredFault[] { return (this.#all.all(tenantId) as FaultRow[]).map(toFault) }

  /** The faults still in force for the tenant, in creation order. */
  inForce (tenantId: number): StoredFault[] { return (this.#inForce.all(tenantId) as FaultRow[]).map(toFault) }

  countInForce (): number { return this.#countInForce.get() as number }

  one (id: number): StoredFault | undefined {
    const row = this.#one.get(id) as FaultRow | undefined
    return row === undefined ? undefined : toFault(row)
  }

  add (f: NewStoredFault): StoredFault {
    const { scope } = f
    const id = this.#insert.run(f.tenantId, f.kind, f.status, f.retryAfter, f.latencyMs, f.quirk, scope.path, scope.method, scope.category,
      scope.account, scope.model, f.count, f.probability, f.count, f.createdAt).lastInsertRowid
    return this.one(Number(id))!
  }

  /** Records a request the fault matched: whether it was hit, and the stream values drawn so far. */
  spend (id: number, remaining: number | null, hits: number, draws: number): void { this.#spend.run(remaining, hits, draws, id) }

  remove (tenantId: number, id: number): boolean { return this.#delete.run(tenantId, id).changes > 0 }

  removeTenant (tenantId: number): number { return this.#deleteTenant.run(tenantId).changes }

  clear (): void { this.#clear.run() }
}
