import type { Db } from '../../../store/database.js'

/** A link token as stored: only its digest, never the token. */
export interface StoredLinkToken {
  readonly tokenHash: string
  readonly tenantId: number
  readonly linkedAccountId: string
  /** The integration the token was created for (`integration` in the body), if any. */
  readonly integrationSlug: string | null
  readonly createdAt: number
  readonly expiresAt: number
  readonly usedAt: number | null
}

export interface StoredPublicToken {
  readonly tokenHash: string
  readonly tenantId: number
  readonly linkedAccountId: string
  readonly createdAt: number
  readonly expiresAt: number
  readonly usedAt: number | null
}

interface LinkRow { token_hash: string, tenant_id: number, linked_account_id: string, integration_slug: string | null, created_at: number, expires_at: number, used_at: number | null }
interface PublicRow { token_hash: string, tenant_id: number, linked_account_id: string, created_at: number, expires_at: number, used_at: number | null }

/** The two short-lived tokens of the link flow. Both are single use: spending one is a conditional update. */
export class LinkRepository {
  readonly #db: Db
  readonly #insertLink
  readonly #link
  readonly #spendLink
  readonly #insertPublic
  readonly #public
  readonly #spendPublic

  constructor (db: Db) {
    this.#db = db
    this.#insertLink = db.prepare(`INSERT INTO link_tokens (token_hash, tenant_id, linked_account_id, integration_slug, created_at, expires_at)
      VALUES (?, ?, ?, ?, ?, ?)`)
    this.#link = db.prepare('SELECT token_hash, tenant_id, linked_account_id, integration_slug, created_at, expires_at, used_at FROM link_tokens WHERE token_hash = ?')
    this.#spendLink = db.prepare('UPDATE link_tokens SET used_at = ?, outcome = ? WHERE token_hash = ? AND used_at IS NULL')
    this.#insertPublic = db.prepare(`INSERT INTO public_tokens (token_hash, tenant_id, linked_account_id, created_at, expires_at)
      VALUES (?, ?, ?, ?, ?)`)
    this.#public = db.prepare('SELECT token_hash, tenant_id, linked_account_id, created_at, expires_at, used_at FROM public_tokens WHERE token_hash = ?')
    this.#spendPublic = db.prepare('UPDATE public_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL')
  }

  insertLinkToken (t: Omit<StoredLinkToken, 'usedAt'>): void {
    this.#insertLink.run(t.tokenHash, t.tenantId, t.linkedAccountId, t.integrationSlug, t.createdAt, t.expiresAt)
  }

  linkToken (hash: string): StoredLinkToken | undefined {
    const r = this.#link.get(hash) as LinkRow | undefined
    return r === undefined
      ? undefined
      : { tokenHash: r.token_hash, tenantId: r.tenant_id, linkedAccountId: r.linked_account_id, integrationSlug: r.integration_slug, createdAt: r.created_at, expiresAt: r.expires_at, usedAt: r.used_at }
  }

  /** false when the token was already spent (a concurrent completion won). */
  spendLinkToken (hash: string, at: number, outcome: 'success' | 'exit'): boolean {
    return this.#spendLink.run(at, outcome, hash).changes === 1
  }

  insertPublicToken (t: Omit<StoredPublicToken, 'usedAt'>): void {
    this.#insertPublic.run(t.tokenHash, t.tenantId, t.linkedAccountId, t.createdAt, t.expiresAt)
  }

  publicToken (hash: string): StoredPublicToken | undefined {
    const r = this.#public.get(hash) as PublicRow | undefined
    return r === undefined
      ? undefined
      : { tokenHash: r.token_hash, tenantId: r.tenant_id, linkedAccountId: r.linked_account_id, createdAt: r.created_at, expiresAt: r.expires_at, usedAt: r.used_at }
  }

  spendPublicToken (hash: string, at: number): boolean {
    return this.#spendPublic.run(at, hash).changes === 1
  }

  clear (): void {
    this.#db.exec('DELETE FROM link_tokens; DELETE FROM public_tokens')
  }
}
