import type { Clock } from '../../../core/clock.js'
import { plainCursors } from '../../../core/cursor.js'
import { appError } from '../../../core/errors.js'
import type { Emitter } from '../../../core/events.js'
import type { Ids } from '../../../core/ids.js'
import { cursorText, openCursor, pageOf, pageSize, walk } from '../../../core/pagination.js'
import type { Db } from '../../../store/database.js'
import type { Category } from '../catalogue/categories.js'
import { type IntegrationInfo, resolveIntegration } from '../catalogue/integrations.js'
import { digestHex } from '../../../core/secrets.js'
import type { Tenant } from '../tenants/tenant.js'
import type { AccountEvent, EventRepository } from './event-repository.js'
import type { AccountEvents } from './account-events.js'
import type { AccountRepository, StoredAccount } from './account-repository.js'
import { type AccountListQuery, toFilter } from './account-list-query.js'

export type { AccountListQuery } from './account-list-query.js'
import type { AccountStatus, LinkedAccount } from './linked-account.js'

export interface AccountPage {
  readonly results: readonly StoredAccount[]
  readonly next: string | null
  readonly previous: string | null
}

export interface NewCompleteAccount {
  readonly category: Category
  readonly endUserOriginId: string
  readonly integration?: string
  readonly endUserEmailAddress?: string
  readonly endUserOrganizationName?: string
}

export interface AccountServiceDeps {
  readonly db: Db
  readonly repo: AccountRepository
  /** The log of linked-account events (LinkedAccount.linked, LinkedAccount.deleted). */
  readonly log: EventRepository
  readonly events: Emitter<AccountEvents>
  readonly clock: Clock
  readonly ids: Ids
  readonly relinkStatus: 401 | 403
}

/**
 * Linked accounts: who may use an account token, the list with the real service's filters, deletion, and
 * the state changes the control API drives. The link service creates and completes accounts through it.
 */
export class AccountService {
  readonly #d: AccountServiceDeps

  constructor (deps: AccountServiceDeps) {
    this.#d = deps
  }

  /**
   * The account an X-Account-Token names for a request of `tenant`, whatever its state: a missing, unknown or
   * deleted token is its own 401; another key's token answers exactly as an unknown one, so a key learns
   * nothing of other tenants (#19). `evicted`: whether the key's world was evicted beyond --max-tenants, which
   * is what an unknown token of it is told. `admit` then says whether the request may use it.
   */
  identify (tenant: Tenant, token: string | undefined, evicted?: () => { readonly maxTenants: number } | undefined): StoredAccount {
    if (token === undefined || token.trim() === '') throw appError('AUTH_ACCOUNT_TOKEN_MISSING')
    const account = this.#d.repo.byToken(token.trim())
    if (account === undefined) {
      const deletedFor = this.#d.repo.deletedTokenTenant(digestHex(token.trim()))
      if (deletedFor === tenant.id) throw appError('AUTH_ACCOUNT_DELETED')
      // The key lost its world beyond --max-tenants: a token of that world is gone, not mistyped (#53).
      const eviction = evicted?.()
      if (eviction !== undefined) throw appError('AUTH_ACCOUNT_TOKEN_EVICTED', { max: eviction.maxTenants })
      throw appError('AUTH_ACCOUNT_TOKEN_UNKNOWN')
    }
    if (account.tenantId !== tenant.id) throw appError('AUTH_ACCOUNT_TOKEN_UNKNOWN')
    return account
  }

  /**
   * The identified account, if a request on a path of `pathCategory` may use it now: another category, an
   * account needing relinking (403 with --relink-status 403) and an incomplete one are each their own 401.
   */
  admit (account: StoredAccount, pathCategory: string | undefined): StoredAccount {
    if (pathCategory !== undefined && account.category !== pathCategory) {
      throw appError('AUTH_ACCOUNT_WRONG_CATEGORY', { pathCategory, accountCategory: account.category })
    }
    if (account.status === 'RELINK_NEEDED') {
      throw appError(this.#d.relinkStatus === 403 ? 'AUTH_ACCOUNT_RELINK_NEEDED_FORBIDDEN' : 'AUTH_ACCOUNT_RELINK_NEEDED')
    }
    if (account.status === 'INCOMPLETE') throw appError('AUTH_ACCOUNT_INCOMPLETE')
    return account
  }

  byId (tenant: Tenant, id: string): StoredAccount {
    const account = this.#d.repo.byId(id)
    if (account === undefined || account.tenantId !== tenant.id) throw appError('LINKED_ACCOUNT_NOT_FOUND', { id })
    return account
  }

  /**
   * Calendar's linked-account PATCH: sets ekm_enabled when given and answers the value in force. Any account of
   * the key, whatever its category; another key's or an unknown id is the service's bare 404.
   */
  patchEkm (tenant: Tenant, id: string, enabled: boolean | undefined): { id: string, ekm_enabled: boolean } {
    const account = this.#d.repo.byId(id)
    if (account === undefined || account.tenantId !== tenant.id) throw appError('LINKED_ACCOUNT_PATCH_NOT_FOUND', {})
    if (enabled !== undefined) this.#d.repo.setEkmEnabled(id, enabled)
    return { id, ekm_enabled: this.#d.repo.ekmEnabled(id) }
  }

  /** A link token's ekm_enabled, kept on the account it links. */
  setEkmEnabled (id: string, enabled: boolean): void {
    this.#d.repo.setEkmEnabled(id, enabled)
  }

  /** The account's status, or undefined when it does not exist (no row mapping: used per sync step). */
  statusOf (id: string): AccountStatus | undefined {
    return this.#d.repo.statusOf(id)
  }

  /**
   * A third party's webhook arrived at a webhook_listener_url, whose last segment is `key`: 404 when no
   * account has it (never, or deleted). A complete account's emits 'account:webhook-received'; one still
   * linking, or needing relinking, has no connection to fetch through, so the push changes nothing.
   */
  receiveWebhook (key: string): void {
    const account = this.#d.repo.byListenerKey(key)
    if (account === undefined) throw appError('WEBHOOK_LISTENER_NOT_FOUND')
    if (account.status !== 'COMPLETE') return
    this.#d.db.transaction(() => { this.#d.events.emit('account:webhook-received', { account, at: this.#d.clock.now() }) })()
  }

  /** An account known to exist (referenced by a token row, or changed in this request), of any tenant. */
  get (id: string): StoredAccount {
    const account = this.#d.repo.byId(id)
    if (account === undefined) throw appError('LINKED_ACCOUNT_NOT_FOUND', { id })
    return account
  }

  /** The account with this id, of any tenant, or undefined: what other domains ask of an account they were told of. */
  find (id: string): StoredAccount | undefined {
    return this.#d.repo.byId(id)
  }

  /** Every account of the tenant, in creation order. */
  ofTenant (tenantId: number): StoredAccount[] {
    return this.#d.repo.all(tenantId)
  }

  /** The id of the tenant's account an account token names, or undefined (another key's token is unknown). */
  /** Whether the value is the account token of any linked account (a key must never be one: #55). */
  isAccountToken (value: string): boolean {
    return this.#d.repo.byToken(value) !== undefined
  }

  idByToken (tenantId: number, token: string): string | undefined {
    const account = this.#d.repo.byToken(token)
    return account !== undefined && account.tenantId === tenantId ? account.id : undefined
  }

  reload (account: LinkedAccount): StoredAccount {
    return this.get(account.id)
  }

  all (tenant: Tenant): StoredAccount[] {
    return this.#d.repo.all(tenant.id)
  }

  events (tenant: Tenant): AccountEvent[] {
    return this.#d.log.byTenant(tenant.id)
  }

  /** GET linked-accounts: filters as the real service names them, cursor pagination in creation order. */
  list (tenant: Tenant, query: AccountListQuery): AccountPage {
    const filter = toFilter(query)
    const w = walk(openCursor(plainCursors, query.cursor, undefined, () => appError('ACCOUNT_LIST_BAD_CURSOR')), pageSize(query.page_size))
    const page = pageOf(w, this.#d.repo.walk(tenant.id, filter, w), (a) => a.seq)
    return { results: page.rows, next: cursorText(plainCursors, page.next, undefined), previous: cursorText(plainCursors, page.previous, undefined) }
  }

  /**
   * The account a link token for (tenant, category, origin id) belongs to: the existing one (an incomplete
   * attempt is reused, a complete one is relinked) or a new incomplete one.
   */
  accountForLink (tenant: Tenant, category: Category, originId: string, email: string | null, organization: string | null): StoredAccount {
    const existing = this.#d.repo.byOrigin(tenant.id, category, originId)
    if (existing !== undefined) {
      this.#d.repo.updateEndUser(existing.id, email, organization)
      return this.reload(existing)
    }
    return this.#d.repo.insert({
      id: this.#d.ids.uuid(),
      tenantId: tenant.id,
      category,
      endUserOriginId: originId,
      endUserOrganizationName: organization,
      endUserEmailAddress: email,
      integrationSlug: null,
      integrationName: null,
      status: 'INCOMPLETE',
      accountType: tenant.accountType,
      accountToken: this.#d.ids.token(40),
      webhookListenerKey: this.#d.ids.token(32),
      createdAt: this.#d.clock.now(),
      completedAt: null
    })
  }

  /**
   * Marks the account COMPLETE with its integration, records LinkedAccount.linked in the events log and
   * emits 'account:linked'. Call inside a transaction: the event and the listeners' writes belong to the change.
   */
  finishLinking (account: LinkedAccount, integration: IntegrationInfo): { account: StoredAccount, isRelink: boolean } {
    const now = this.#d.clock.now()
    const isRelink = account.completedAt !== null
    this.#d.repo.complete(account.id, integration.slug, integration.name, now)
    const linked = this.reload(account)
    const eventId = this.#d.ids.uuid()
    this.#d.log.record({
      id: eventId,
      tenantId: linked.tenantId,
      linkedAccountId: linked.id,
      event: 'LinkedAccount.linked',
      data: { is_relink: isRelink, integration_name: integration.name, integration_id: integration.slug },
      createdAt: now,
      dueAt: now
    })
    this.#d.events.emit('account:linked', { account: linked, isRelink, eventId, at: now })
    return { account: linked, isRelink }
  }

  /** POST delete-account: the account, its tokens and (through the listeners and cascades) its data are gone. */
  delete (account: LinkedAccount): void {
    const now = this.#d.clock.now()
    this.#d.db.transaction(() => {
      const eventId = this.#d.ids.uuid()
      this.#d.log.record({
        id: eventId,
        tenantId: account.tenantId,
        linkedAccountId: account.id,
        event: 'LinkedAccount.deleted',
        data: { integration_name: account.integrationName, integration_id: account.integrationSlug },
        createdAt: now,
        dueAt: now
      })
      this.#d.events.emit('account:deleted', { account, eventId, at: now })
      this.#d.repo.delete(account, now)
    })()
  }

  /**
   * POST account-token/regenerate (facts §14 proposal): a new token for the same account id; the old token is
   * revoked at once (401 afterwards, like any unknown token).
   */
  regenerateToken (account: LinkedAccount): StoredAccount {
    const now = this.#d.clock.now()
    return this.#d.db.transaction(() => {
      this.#d.repo.replaceToken(account.id, this.#d.ids.token(40))
      const updated = this.reload(account)
      this.#d.events.emit('account-token:regenerated', { account: updated, at: now })
      return updated
    })()
  }

  /** Control API: the account's calls answer 401 (or 403) until it is relinked. */
  markRelinkNeeded (tenant: Tenant, id: string): StoredAccount {
    const account = this.byId(tenant, id)
    if (account.status === 'INCOMPLETE') throw appError('LINKED_ACCOUNT_NOT_COMPLETE', { id, status: account.status })
    return this.#d.db.transaction(() => {
      this.#d.repo.setStatus(account.id, 'RELINK_NEEDED')
      const updated = this.reload(account)
      this.#d.events.emit('account:relink-needed', { account: updated, at: this.#d.clock.now() })
      return updated
    })()
  }

  /** Control API: a complete account without running the link flow (an incomplete attempt is completed). */
  createComplete (tenant: Tenant, input: NewCompleteAccount): StoredAccount {
    const integration = resolveIntegration(input.category, input.integration, 'integration')
    return this.#d.db.transaction(() => {
      const existing = this.#d.repo.byOrigin(tenant.id, input.category, input.endUserOriginId)
      if (existing !== undefined && existing.completedAt !== null) {
        throw appError('LINKED_ACCOUNT_EXISTS', { category: input.category, id: existing.id, originId: input.endUserOriginId })
      }
      const account = this.accountForLink(tenant, input.category, input.endUserOriginId,
        input.endUserEmailAddress ?? null, input.endUserOrganizationName ?? null)
      return this.finishLinking(account, integration).account
    })()
  }
}
