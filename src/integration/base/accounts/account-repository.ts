import type { Walk } from '../../../core/pagination.js'
import type { Db } from '../../../store/database.js'
import type { Category } from '../catalogue/categories.js'
import { digest, digestHex, sameDigest } from '../../../core/secrets.js'
import type { AccountType } from '../tenants/tenant.js'
import type { AccountStatus, LinkedAccount } from './linked-account.js'

interface AccountRow {
  seq: number
  id: string
  tenant_id: number
  category: Category
  end_user_origin_id: string
  end_user_organization_name: string | null
  end_user_email_address: string | null
  integration_slug: string | null
  integration_name: string | null
  status: AccountStatus
  account_type: AccountType
  account_token: string
  webhook_listener_key: string
  created_at: number
  completed_at: number | null
}

export interface StoredAccount extends LinkedAccount {
  /** Creation order, for cursors. */
  readonly seq: number
}

const toAccount = (r: AccountRow): StoredAccount => ({
  seq: r.seq,
  id: r.id,
  tenantId: r.tenant_id,
  category: r.category,
  endUserOriginId: r.end_user_origin_id,
  endUserOrganizationName: r.end_user_organization_name,
  endUserEmailAddress: r.end_user_email_address,
  integrationSlug: r.integration_slug,
  integrationName: r.integration_name,
  status: r.status,
  accountType: r.account_type,
  accountToken: r.account_token,
  webhookListenerKey: r.webhook_listener_key,
  createdAt: r.created_at,
  completedAt: r.completed_at
})

/** Equality filters of the linked-accounts list; arrays mean "any of". */
export interface AccountFilter {
  readonly category?: string
  readonly status?: string
  readonly ids?: readonly string[]
  readonly originIds?: readonly string[]
  readonly emailAddress?: string
  readonly organizationName?: string
  readonly integrationName?: string
  readonly accountType?: AccountType
}

const COLUMNS = 'seq, id, tenant_id, category, end_user_origin_id, end_user_organization_name, end_user_email_address, integration_slug, integration_name, status, account_type, account_token, webhook_listener_key, created_at, completed_at'

export class AccountRepository {
  readonly #db: Db
  readonly #insert
  readonly #byId
  readonly #statusOf
  readonly #byTokenHash
  readonly #byOrigin
  readonly #updateEndUser
  readonly #complete
  readonly #setStatus
  readonly #ekm
  readonly #setEkm
  readonly #delete
  readonly #tombstone
  readonly #findTombstone
  readonly #all
  /**
   * Accounts found by their token (byToken), so that a request neither digests its token nor reads the row:
   * every statement here that changes an account drops them all, and so do the deletions other tables'
   * owners make (forget). Filled only outside transactions, so a rollback cannot leave a row that never was.
   */
  readonly #byToken = new Map<string, StoredAccount>()

  constructor (db: Db) {
    this.#db = db
    this.#insert = db.prepare(`INSERT INTO linked_accounts (id, tenant_id, category, end_user_origin_id, end_user_organization_name,
      end_user_email_address, integration_slug, integration_name, status, account_type, account_token, account_token_hash,
      webhook_listener_key, created_at, completed_at)
      VALUES (@id, @tenantId, @category, @endUserOriginId, @endUserOrganizationName, @endUserEmailAddress, @integrationSlug,
      @integrationName, @status, @accountType, @accountToken, @accountTokenHash, @webhookListenerKey, @createdAt, @completedAt)`)
    this.#statusOf = db.prepare('SELECT status FROM linked_accounts WHERE id = ?').pluck()
    this.#byId = db.prepare(`SELECT ${COLUMNS} FROM linked_accounts WHERE id = ?`)
    this.#byTokenHash = db.prepare(`SELECT ${COLUMNS} FROM linked_accounts WHERE account_token_hash = ?`)
    this.#byOrigin = db.prepare(`SELECT ${COLUMNS} FROM linked_accounts WHERE tenant_id = ? AND category = ? AND end_user_origin_id = ?`)
    this.#updateEndUser = db.prepare(`UPDATE linked_accounts SET
      end_user_email_address = coalesce(?, end_user_email_address),
      end_user_organization_name = coalesce(?, end_user_organization_name) WHERE id = ?`)
    this.#complete = db.prepare(`UPDATE linked_accounts SET status = 'COMPLETE', integration_slug = ?, integration_name = ?,
      completed_at = coalesce(completed_at, ?) WHERE id = ?`)
    this.#setStatus = db.prepare('UPDATE linked_accounts SET status = ? WHERE id = ?')
    this.#ekm = db.prepare('SELECT ekm_enabled FROM linked_accounts WHERE id = ?').pluck()
    this.#setEkm = db.prepare('UPDATE linked_accounts SET ekm_enabled = ? WHERE id = ?')
    this.#delete = db.prepare('DELETE FROM linked_accounts WHERE id = ?')
    this.#tombstone = db.prepare('INSERT OR REPLACE INTO deleted_account_tokens (token_hash, tenant_id, deleted_at) VALUES (?, ?, ?)')
    this.#findTombstone = db.prepare('SELECT tenant_id FROM deleted_account_tokens WHERE token_hash = ?').pluck()
    this.#all = db.prepare(`SELECT ${COLUMNS} FROM linked_accounts WHERE tenant_id = ? ORDER BY seq`)
  }

  insert (account: LinkedAccount): StoredAccount {
    this.#byToken.clear()
    this.#insert.run({ ...account, accountTokenHash: digestHex(account.accountToken) })
    return this.byId(account.id)!
  }

  /** Just the status, for hot paths that need nothing else. */
  statusOf (id: string): AccountStatus | undefined {
    return this.#statusOf.get(id) as AccountStatus | undefined
  }

  byId (id: string): StoredAccount | undefined {
    const row = this.#byId.get(id) as AccountRow | undefined
    return row === undefined ? undefined : toAccount(row)
  }

  byTokenHash (hash: string): StoredAccount | undefined {
    const row = this.#byTokenHash.get(hash) as AccountRow | undefined
    return row === undefined ? undefined : toAccount(row)
  }

  /** The account the token names (checked against its stored token), as byTokenHash of the token's digest. */
  byToken (token: string): StoredAccount | undefined {
    const cached = this.#byToken.get(token)
    if (cached !== undefined) return cached
    const hash = digestHex(token)
    const account = this.byTokenHash(hash)
    if (account === undefined || !sameDigest(Buffer.from(hash, 'hex'), digest(account.accountToken))) return undefined
    if (!this.#db.inTransaction) this.#byToken.set(token, account)
    return account
  }

  /** Drops the accounts kept by token: rows changed under them (a tenant's world deleted, a reset). */
  forget (): void {
    this.#byToken.clear()
  }

  /** The account whose webhook_listener_url ends in this key (a rare call: no index). */
  byListenerKey (key: string): StoredAccount | undefined {
    const row = this.#db.prepare(`SELECT ${COLUMNS} FROM linked_accounts WHERE webhook_listener_key = ?`).get(key) as AccountRow | undefined
    return row === undefined ? undefined : toAccount(row)
  }

  byOrigin (tenantId: number, category: string, originId: string): StoredAccount | undefined {
    const row = this.#byOrigin.get(tenantId, category, originId) as AccountRow | undefined
    return row === undefined ? undefined : toAccount(row)
  }

  /** Keeps the stored value where the new one is null. */
  updateEndUser (id: string, email: string | null, organization: string | null): void {
    this.#byToken.clear()
    this.#updateEndUser.run(email, organization, id)
  }

  /** completed_at is set by the first completion only. */
  complete (id: string, slug: string, name: string, at: number): void {
    this.#byToken.clear()
    this.#complete.run(slug, name, at, id)
  }

  /** A new account token: the old one no longer finds the account. */
  replaceToken (id: string, token: string): void {
    this.#byToken.clear()
    this.#db.prepare('UPDATE linked_accounts SET account_token = ?, account_token_hash = ? WHERE id = ?').run(token, digestHex(token), id)
  }

  setStatus (id: string, status: AccountStatus): void {
    this.#byToken.clear()
    this.#setStatus.run(status, id)
  }

  ekmEnabled (id: string): boolean {
    return this.#ekm.get(id) === 1
  }

  setEkmEnabled (id: string, enabled: boolean): void {
    this.#byToken.clear()
    this.#setEkm.run(enabled ? 1 : 0, id)
  }

  /** Removes the account (its tokens and other domains' rows cascade) and remembers its token as deleted. */
  delete (account: LinkedAccount, at: number): void {
    this.#byToken.clear()
    this.#delete.run(account.id)
    this.#tombstone.run(digestHex(account.accountToken), account.tenantId, at)
  }

  /** The tenant a deleted account token belonged to, if it belonged to a deleted account. */
  deletedTokenTenant (hash: string): number | undefined {
    return this.#findTombstone.get(hash) as number | undefined
  }

  all (tenantId: number): StoredAccount[] {
    return (this.#all.all(tenantId) as AccountRow[]).map(toAccount)
  }

  /** The rows of a walk over a tenant's accounts by creation order (core/pagination.ts), in walk order. */
  walk (tenantId: number, filter: AccountFilter, walk: Walk): StoredAccount[] {
    const where: string[] = ['tenant_id = @tenantId']
    const params: Record<string, unknown> = { tenantId, limit: walk.limit }
    const eq = (column: string, name: string, value: string | undefined): void => {
      if (value === undefined) return
      where.push(`${column} = @${name}`)
      params[name] = value
    }
    const anyOf = (column: string, name: string, values: readonly string[] | undefined): void => {
      if (values === undefined) return
      where.push(`${column} IN (SELECT value FROM json_each(@${name}))`)
      params[name] = JSON.stringify(values)
    }
    eq('category', 'category', filter.category)
    eq('status', 'status', filter.status)
    eq('end_user_email_address', 'email', filter.emailAddress)
    eq('end_user_organization_name', 'organization', filter.organizationName)
    eq('integration_name', 'integrationName', filter.integrationName)
    eq('account_type', 'accountType', filter.accountType)
    anyOf('id', 'ids', filter.ids)
    anyOf('end_user_origin_id', 'originIds', filter.originIds)
    if (walk.from !== null) {
      where.push(walk.backward ? 'seq < @from' : 'seq > @from')
      params.from = walk.from
    }
    const order = walk.backward ? 'DESC' : 'ASC'
    return (this.#db.prepare(`SELECT ${COLUMNS} FROM linked_accounts WHERE ${where.join(' AND ')} ORDER BY seq ${order} LIMIT @limit`)
      .all(params) as AccountRow[]).map(toAccount)
  }

  clear (): void {
    this.#byToken.clear()
    this.#db.exec('DELETE FROM linked_accounts; DELETE FROM deleted_account_tokens')
  }
}
