import type { Statement } from 'better-sqlite3'
import type { Db } from '../../../store/database.js'

export interface FieldMappingRow {
  readonly id: string
  readonly tenantId: number
  readonly accountId: string
  readonly modelId: string
  readonly targetName: string
  readonly targetDescription: string
  readonly organizationWide: boolean
  readonly remoteMethod: string
  readonly remoteUrlPath: string
  readonly traversalPath: readonly string[]
  readonly jmesPath: string | null
  readonly applied: boolean
}

interface Raw {
  id: string, tenant_id: number, account_id: string, model_id: string, target_name: string, target_description: string,
  organization_wide: number, remote_method: string, remote_url_path: string, traversal_path: string, jmes_path: string | null, applied: number
}

const toRow = (r: Raw): FieldMappingRow => ({
  id: r.id,
  tenantId: r.tenant_id,
  accountId: r.account_id,
  modelId: r.model_id,
  targetName: r.target_name,
  targetDescription: r.target_description,
  organizationWide: r.organization_wide === 1,
  remoteMethod: r.remote_method,
  remoteUrlPath: r.remote_url_path,
  traversalPath: JSON.parse(r.traversal_path) as string[],
  jmesPath: r.jmes_path,
  applied: r.applied === 1
})

/** SQL of field mappings (per linked account) and organization-wide target fields (per tenant). */
export class FieldMappingRepository {
  readonly #insert: Statement
  readonly #update: Statement
  readonly #delete: Statement
  readonly #byId: Statement
  readonly #byAccount: Statement
  readonly #apply: Statement
  readonly #insertTarget: Statement
  readonly #targets: Statement
  readonly #clear: () => void
  readonly #selectMappedAccounts: Statement
  /**
   * Every account that has (or may have had) a mapping row, read once: a sync pass of an account without
   * any skips the UPDATE it would make for nothing, hundreds of thousands of times a simulated day, and a
   * read of its records the SELECT. An entry
   * too many (an insert rolled back, a mapping deleted) only costs that UPDATE; none is ever missing, as
   * every row is inserted here.
   */
  #mapped: Set<string> | undefined

  constructor (db: Db) {
    this.#insert = db.prepare(`INSERT INTO field_mappings (id, tenant_id, account_id, model_id, target_name, target_description, organization_wide,
      remote_method, remote_url_path, traversal_path, jmes_path) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    this.#update = db.prepare('UPDATE field_mappings SET remote_method = ?, remote_url_path = ?, traversal_path = ?, jmes_path = ?, applied = 0 WHERE id = ?')
    this.#delete = db.prepare('DELETE FROM field_mappings WHERE id = ?')
    this.#byId = db.prepare('SELECT * FROM field_mappings WHERE id = ?')
    this.#byAccount = db.prepare('SELECT * FROM field_mappings WHERE account_id = ? ORDER BY rowid')
    this.#apply = db.prepare('UPDATE field_mappings SET applied = 1 WHERE account_id = ? AND model_id = ? AND applied = 0')
    this.#insertTarget = db.prepare('INSERT OR REPLACE INTO target_fields (tenant_id, model_id, name, description) VALUES (?, ?, ?, ?)')
    this.#targets = db.prepare('SELECT model_id, name, description FROM target_fields WHERE tenant_id = ? ORDER BY model_id, name')
    const clearAll = db.prepare('DELETE FROM field_mappings')
    const clearTargets = db.prepare('DELETE FROM target_fields')
    this.#clear = () => { clearAll.run(); clearTargets.run() }
    this.#selectMappedAccounts = db.prepare('SELECT DISTINCT account_id FROM field_mappings').pluck()
  }

  #accountsMapped (): Set<string> {
    this.#mapped ??= new Set(this.#selectMappedAccounts.all() as string[])
    return this.#mapped
  }

  insert (m: Omit<FieldMappingRow, 'applied'>): void {
    this.#accountsMapped().add(m.accountId)
    this.#insert.run(m.id, m.tenantId, m.accountId, m.modelId, m.targetName, m.targetDescription, m.organizationWide ? 1 : 0,
      m.remoteMethod, m.remoteUrlPath, JSON.stringify(m.traversalPath), m.jmesPath)
  }

  update (m: FieldMappingRow): void {
    this.#update.run(m.remoteMethod, m.remoteUrlPath, JSON.stringify(m.traversalPath), m.jmesPath, m.id)
  }

  delete (id: string): void { this.#delete.run(id) }

  byId (id: string): FieldMappingRow | undefined {
    const r = this.#byId.get(id) as Raw | undefined
    return r === undefined ? undefined : toRow(r)
  }

  /** Most accounts have none, and every data read asks (its mapper): those are answered without a query. */
  byAccount (accountId: string): FieldMappingRow[] {
    if (!this.#accountsMapped().has(accountId)) return []
    return (this.#byAccount.all(accountId) as Raw[]).map(toRow)
  }

  /** A sync of the model ran: the account's mappings of it changed since take effect. */
  markApplied (accountId: string, modelId: string): void {
    if (this.#accountsMapped().has(accountId)) this.#apply.run(accountId, modelId)
  }

  addTarget (tenantId: number, modelId: string, name: string, description: string): void {
    this.#insertTarget.run(tenantId, modelId, name, description)
  }

  targets (tenantId: number): Array<{ modelId: string, name: string, description: string }> {
    return (this.#targets.all(tenantId) as Array<{ model_id: string, name: string, description: string }>).map((r) => ({ modelId: r.model_id, name: r.name, description: r.description }))
  }

  clear (): void {
    this.#clear()
    this.#mapped = new Set()
  }
}
