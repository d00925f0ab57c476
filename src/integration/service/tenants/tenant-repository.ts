import type { Db } from '../../../store/database.js'
import type { AccountType, Tenant } from './tenant.js'

interface TenantRow { id: number, account_type: AccountType }

/** Tenants are stored by the SHA-256 digest of their API key; the key itself is never written. */
export class TenantRepository {
  readonly #insert
  readonly #byHash
  readonly #clear
  readonly #count
  readonly #ids
  readonly #delete

  constructor (db: Db) {
    this.#ids = db.prepare('SELECT id FROM tenants ORDER BY id').pluck()
    this.#delete = db.prepare('DELETE FROM tenants WHERE id = ?')
    this.#count = db.prepare('SELECT count(*) FROM tenants').pluck()
    this.#insert = db.prepare('INSERT INTO tenants (key_hash, account_type, created_at) VALUES (?, ?, ?) ON CONFLICT (key_hash) DO NOTHING')
    this.#byHash = db.prepare('SELECT id, account_type FROM tenants WHERE key_hash = ?')
    this.#clear = db.prepare('DELETE FROM tenants')
  }

  find (keyHash: string): Tenant | undefined {
    const row = this.#byHash.get(keyHash) as TenantRow | undefined
    return row === undefined ? undefined : { id: row.id, accountType: row.account_type }
  }

  findOrCreate (keyHash: string, accountType: AccountType, now: number): Tenant {
    this.#insert.run(keyHash, accountType, now)
    const row = this.#byHash.get(keyHash) as TenantRow
    return { id: row.id, accountType: row.account_type }
  }

  count (): number { return this.#count.get() as number }

  /** Every tenant's id, oldest first. */
  ids (): number[] { return this.#ids.all() as number[] }

  /** The tenant's own row (its world deleted first: rows hang off it). */
  delete (id: number): void { this.#delete.run(id) }

  clear (): void { this.#clear.run() }
}
