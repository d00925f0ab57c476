import type { Statement } from 'better-sqlite3'
import type { Db } from '../../../store/database.js'
import type { AccountType, Tenant } from '../../base/tenants/tenant.js'

/** SQL of the organizations' remote production API keys. */
export class RemoteKeyRepository {
  readonly #db: Db
  readonly #exists: Statement
  readonly #insert: Statement
  readonly #rotate: Statement
  readonly #tenantOf: Statement
  readonly #clear: Statement

  constructor (db: Db) {
    this.#db = db
    this.#exists = db.prepare('SELECT 1 FROM remote_keys WHERE tenant_id = ? AND name = ?')
    this.#insert = db.prepare('INSERT INTO remote_keys (tenant_id, name, key, created_at) VALUES (?, ?, ?, ?)')
    this.#rotate = db.prepare('UPDATE remote_keys SET key = ?, regenerated_at = ? WHERE tenant_id = ? AND name = ?')
    this.#tenantOf = db.prepare('SELECT t.id, t.account_type FROM remote_keys k JOIN tenants t ON t.id = k.tenant_id WHERE k.key = ?')
    this.#clear = db.prepare('DELETE FROM remote_keys')
  }

  transaction<T> (fn: () => T): T { return this.#db.transaction(fn)() }

  exists (tenantId: number, name: string): boolean { return this.#exists.get(tenantId, name) !== undefined }

  insert (tenantId: number, name: string, key: string, at: number): void { this.#insert.run(tenantId, name, key, at) }

  rotate (tenantId: number, name: string, key: string, at: number): void { this.#rotate.run(key, at, tenantId, name) }

  /** The organization a current remote key belongs to; undefined for any other string. */
  tenantOf (key: string): Tenant | undefined {
    const row = this.#tenantOf.get(key) as { id: number, account_type: AccountType } | undefined
    return row === undefined ? undefined : { id: row.id, accountType: row.account_type }
  }

  clear (): void { this.#clear.run() }
}
