import type { Statement } from 'better-sqlite3'
import type { Db } from './database.js'

/**
 * A table of presets per tenant, each applying to a number of calls (`remaining`), taken in the order they were
 * made: the first that matches a call is spent by one, and deleted when spent. Write presets and passthrough
 * presets are such tables; each adds its own columns and its own match.
 */
export class TenantPresets<P extends { readonly id: number }> {
  readonly #ofTenant: Statement
  readonly #spend: Statement
  readonly #drop: Statement
  readonly #clearTenant: Statement
  readonly #remove: Statement
  readonly #clear: Statement
  readonly #toPreset: (row: never) => P
  readonly #tenantsOnce: () => Set<number>
  /**
   * Every tenant that has (or may have had) a preset, read once. Nearly every write and passthrough call asks
   * for presets and nearly no tenant has any: those are answered without a query (a sixth of a contact
   * create's handler). An entry too many (a preset spent, cleared or rolled back) only costs that query; none
   * is ever missing, as every preset is added through `noteTenant`.
   */
  #tenants: Set<number> | undefined

  constructor (db: Db, table: string, toPreset: (row: never) => P) {
    this.#toPreset = toPreset
    const tenantsWithPresets = db.prepare(`SELECT DISTINCT tenant_id FROM ${table}`).pluck()
    this.#tenantsOnce = () => new Set(tenantsWithPresets.all() as number[])
    this.#ofTenant = db.prepare(`SELECT * FROM ${table} WHERE tenant_id = ? ORDER BY id`)
    this.#spend = db.prepare(`UPDATE ${table} SET remaining = remaining - 1 WHERE id = ?`)
    this.#drop = db.prepare(`DELETE FROM ${table} WHERE id = ? AND remaining <= 0`)
    this.#clearTenant = db.prepare(`DELETE FROM ${table} WHERE tenant_id = ?`)
    this.#remove = db.prepare(`DELETE FROM ${table} WHERE tenant_id = ? AND id = ?`)
    this.#clear = db.prepare(`DELETE FROM ${table}`)
  }

  list (tenantId: number): P[] {
    return (this.#ofTenant.all(tenantId) as never[]).map(this.#toPreset)
  }

  /** Called by a subclass before it adds a preset of the tenant. */
  protected noteTenant (tenantId: number): void {
    this.#tenants ??= this.#tenantsOnce()
    this.#tenants.add(tenantId)
  }

  /** The first preset of the tenant that matches, spent by one; undefined when none does. */
  protected takeFirst (tenantId: number, matches: (p: P) => boolean): P | undefined {
    this.#tenants ??= this.#tenantsOnce()
    if (!this.#tenants.has(tenantId)) return undefined
    const preset = this.list(tenantId).find(matches)
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
