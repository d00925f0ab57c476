import type { Db } from '../../../store/database.js'
import type { AccountType, Tenant } from './tenant.js'

interface TenantRow { id: number, account_type: AccountType }

/** The highest tenant id ever given in this database, kept once a tenant row has been deleted (an eviction). */
const HIGHEST = 'tenant_id_high'

/**
 * Tenants are stored by the SHA-256 digest of their API key; the key itself is never written.
 *
 * A tenant id is never given twice in a database's life (until a reset of the whole server, which starts it
 * afresh): whatever still holds an evicted key's id (an open stream, a request under way, a delivery in
 * flight) must never come to name the next key's world. SQLite alone would reuse the highest id once its row
 * is deleted, so the highest id deleted is remembered and new ids start above it.
 */
export class TenantRepository {
  readonly #insert
  readonly #byHash
  readonly #clear
  readonly #count
  readonly #ids
  readonly #hashOf
  readonly #delete
  readonly #remember

  constructor (db: Db) {
    this.#ids = db.prepare('SELECT id FROM tenants ORDER BY id').pluck()
    this.#hashOf = db.prepare('SELECT key_hash FROM tenants WHERE id = ?').pluck()
    this.#delete = db.prepare('DELETE FROM tenants WHERE id = ?')
    this.#remember = db.prepare(`INSERT INTO integration_meta (key, value) VALUES ('${HIGHEST}', @id)
      ON CONFLICT (key) DO UPDATE SET value = max(value, excluded.value)`)
    this.#count = db.prepare('SELECT count(*) FROM tenants').pluck()
    this.#insert = db.prepare(`INSERT INTO tenants (id, key_hash, account_type, created_at)
      VALUES (max(coalesce((SELECT max(id) FROM tenants), 0), coalesce((SELECT value FROM integration_meta WHERE key = '${HIGHEST}'), 0)) + 1, ?, ?, ?)
      ON CONFLICT (key_hash) DO NOTHING`)
    this.#byHash = db.prepare('SELECT id, account_type FROM tenants WHERE key_hash = ?')
    this.#clear = [db.prepare('DELETE FROM tenants'), db.prepare(`DELETE FROM integration_meta WHERE key = '${HIGHEST}'`)]
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

  /** The digest of the tenant's API key. */
  keyHashOf (id: number): string | undefined { return this.#hashOf.get(id) as string | undefined }

  /** The tenant's own row (its world deleted first: rows hang off it); its id is never given again. */
  delete (id: number): void {
    this.#remember.run({ id })
    this.#delete.run(id)
  }

  /** A reset of the whole server (inside its transaction): a fresh database, whose ids start at 1 again. */
  clear (): void { for (const statement of this.#clear) statement.run() }
}
