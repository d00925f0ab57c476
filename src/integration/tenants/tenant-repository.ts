import type { Db } from '../../store/database.js'
import type { AccountType, Tenant } from './tenant.js'

interface TenantRow { id: number, account_type: AccountType }

/** Tenants are stored by the SHA-256 digest of their API key; the key itself is never written. */
export class TenantRepository {
  readonly #insert
  readonly #byHash
  readonly #clear

  constructor (db: Db) {
    this.#insert = db.prepare('INSERT INTO tenants (key_hash, account_type, created_at) VALUES (?, ?, ?) ON CONFLICT (key_hash) DO NOTHING')
    this.#byHash = db.prepare('SELECT id, account_type FROM tenants WHERE key_hash = ?')
    this.#clear = db.prepare('DELETE FROM tenants')
  }

  findOrCreate (keyHash: string, accountType: AccountType, now: number): Tenant {
    this.#insert.run(keyHash, accountType, now)
    const row = this.#byHash.get(keyHash) as TenantRow
    return { id: row.id, accountType: row.account_type }
  }

  clear (): void { this.#clear.run() }
}
