import type { TenantClock } from '../../../core/tenant-clocks.js'
import { formatDuration } from '../../../core/durations.js'
import { appError } from '../../../core/errors.js'
import type { Emitter } from '../../../core/events.js'
import type { Ids } from '../../../core/ids.js'
import type { Db } from '../../../store/database.js'
import type { AccountService } from '../../base/accounts/account-service.js'
import type { StoredAccount } from '../../base/accounts/account-repository.js'
import { iso } from '../../../core/iso.js'
import type { Category } from '../../base/catalogue/categories.js'
import { findIntegration, type IntegrationInfo, integrationsFor, resolveIntegration } from '../../base/catalogue/integrations.js'
import { digest, digestHex, sameDigest } from '../../../core/secrets.js'
import type { Tenant } from '../../base/tenants/tenant.js'
import type { LinkEvents } from './link-events.js'
import type { LinkModelScope } from '../scopes/scope-service.js'
import type { LinkRepository, StoredLinkToken } from './link-repository.js'
import { type LinkTokenState, linkTokenState, refuseUnlessReady } from './link-token-state.js'
import { validationProblems } from './validation-outcomes.js'
import type { ValidationProblem } from './widget-port.js'

/** link_expiry_mins bounds, as the real service documents them: 30 to 720, or up to 10080 for a Magic Link. */
export const LINK_EXPIRY_DEFAULT_MINS = 30
const LINK_EXPIRY_MIN_MINS = 30
const LINK_EXPIRY_MAX_MINS = 720
const MAGIC_LINK_EXPIRY_MAX_MINS = 10_080

export interface LinkTokenRequest {
  readonly endUserOriginId: string
  readonly endUserEmailAddress: string | null
  readonly endUserOrganizationName: string | null
  readonly integration: string | null
  /** The spec's body names the category again; it must agree with the path. */
  readonly integrationCategory: string | null
  readonly linkExpiryMins: number | null
  readonly shouldCreateMagicLinkUrl: boolean
  /** The models common_models names: without READ they never sync and show DISABLED, without WRITE they refuse writes. */
  readonly linkScopes: readonly LinkModelScope[]
  /** Kept on the account (External Key Management: a flag with no effect on data); undefined leaves it. */
  readonly ekmEnabled?: boolean
}

export interface CreatedLinkToken {
  readonly linkToken: string
  /** Set when the token is limited to one integration: a preselected one, or the account's on a relink. */
  readonly integrationName: string | null
  readonly magicLinkUrl: string | null
  readonly account: StoredAccount
}

/** What the end user did in the link flow (the widget, or the control API standing in for it). */
export type LinkAttempt =
  | { readonly outcome: 'success', readonly integration?: string, readonly password?: string }
  | { readonly outcome: 'exit' }
  | { readonly outcome: 'error', readonly integration?: string, readonly error?: string }

/** Each outcome carries the token as the attempt left it (`view`), so no one looks it up again to show it. */
export type LinkAttemptResult =
  | { readonly outcome: 'success', readonly publicToken: string, readonly integration: IntegrationInfo, readonly account: StoredAccount, readonly isRelink: boolean, readonly view: LinkTokenView }
  | { readonly outcome: 'exit', readonly account: StoredAccount, readonly view: LinkTokenView }
  | { readonly outcome: 'error', readonly errors: readonly ValidationProblem[], readonly account: StoredAccount, readonly view: LinkTokenView }

export interface ExchangedToken {
  readonly accountToken: string
  readonly account: StoredAccount
}

/** A link token as one lookup found it: handed on to act on it, so a request finds its token once. */
export interface LinkTokenView {
  readonly state: LinkTokenState
  readonly account: StoredAccount
  readonly integrations: readonly IntegrationInfo[]
  readonly token: StoredLinkToken
}

export interface LinkServiceDeps {
  readonly db: Db
  readonly accounts: AccountService
  readonly repo: LinkRepository
  readonly events: Emitter<LinkEvents>
  /** The widget knows only a link token: its reads name the token's tenant's clock. */
  readonly clock: TenantClock
  readonly ids: Ids
  /** Public token lifetime, ms. */
  readonly publicTokenTtlMs: number
}

/** Where a Magic Link opens the link flow; served by the widget (src/integration/service/widget). */
export const MAGIC_LINK_PATH = '/link/magic'

/**
 * The three-token link flow: a link token opens one attempt for one linked account, completing it mints a
 * single-use public token, and exchanging that returns the account's permanent account token.
 */
export class LinkService {
  readonly #d: LinkServiceDeps

  constructor (deps: LinkServiceDeps) {
    this.#d = deps
  }

  /** POST /api/{category}/v1/link-token. `origin` (e.g. http://127.0.0.1:4010) builds the Magic Link URL. */
  createLinkToken (tenant: Tenant, category: Category, request: LinkTokenRequest, origin: string): CreatedLinkToken {
    if (request.endUserOriginId.trim() === '') {
      throw appError('LINK_TOKEN_BAD_FIELD', { field: 'end_user_origin_id', reason: 'it must not be empty' })
    }
    if (request.integrationCategory !== null && request.integrationCategory !== category) {
      throw appError('LINK_TOKEN_BAD_FIELD', {
        field: 'integration_category',
        reason: `"${request.integrationCategory}" does not match the category of the path, ${category}; call /api/${request.integrationCategory}/v1/link-token for that category`
      })
    }
    const expiryMins = request.linkExpiryMins ?? LINK_EXPIRY_DEFAULT_MINS
    const maxMins = request.shouldCreateMagicLinkUrl ? MAGIC_LINK_EXPIRY_MAX_MINS : LINK_EXPIRY_MAX_MINS
    if (expiryMins < LINK_EXPIRY_MIN_MINS || expiryMins > maxMins) {
      throw appError('LINK_TOKEN_BAD_FIELD', {
        field: 'link_expiry_mins',
        reason: `${expiryMins} is outside ${LINK_EXPIRY_MIN_MINS} to ${maxMins}` + (request.shouldCreateMagicLinkUrl ? '' : ` (up to ${MAGIC_LINK_EXPIRY_MAX_MINS} with should_create_magic_link_url)`)
      })
    }
    const preselected = request.integration === null ? null : resolveIntegration(category, request.integration, 'integration')
    const now = this.#d.clock.of(tenant.id).now()
    const linkToken = this.#d.ids.token(40)
    const account = this.#d.db.transaction(() => {
      const account = this.#d.accounts.accountForLink(tenant, category, request.endUserOriginId,
        request.endUserEmailAddress, request.endUserOrganizationName)
      if (request.ekmEnabled !== undefined) this.#d.accounts.setEkmEnabled(account.id, request.ekmEnabled)
      this.#d.repo.insertLinkToken({
        tokenHash: digestHex(linkToken),
        tenantId: tenant.id,
        linkedAccountId: account.id,
        integrationSlug: preselected?.slug ?? null,
        createdAt: now,
        expiresAt: now + expiryMins * 60_000
      })
      this.#d.events.emit('link:requested', { account, linkScopes: request.linkScopes, at: now })
      return account
    })()
    const offered = this.#offered(account, preselected?.slug ?? null)
    return {
      linkToken,
      integrationName: offered.length === 1 ? offered[0]!.name : null,
      magicLinkUrl: request.shouldCreateMagicLinkUrl ? `${origin}${MAGIC_LINK_PATH}?link_token=${encodeURIComponent(linkToken)}` : null,
      account
    }
  }

  /**
   * The one lookup of a link token: its state, its account and what it offers. undefined for a token that
   * never existed, or, with `tenant` (the control API), for one of another tenant; the widget knows only the token.
   */
  view (linkToken: string, tenant?: Tenant): LinkTokenView | undefined {
    const found = this.#find(linkToken)
    if (found === undefined || (tenant !== undefined && found.token.tenantId !== tenant.id)) return undefined
    return this.#viewOf(found.token, found.account)
  }

  /**
   * The end user finished the attempt one way or another, on the token as `view` found it. Success spends
   * the token, completes the account and mints a public token; exit spends the token and leaves the account
   * as it was; a validation error (rejected credentials) leaves both untouched so the user can try again.
   */
  attempt (found: LinkTokenView, attempt: LinkAttempt): LinkAttemptResult {
    // The widget's request names no key: the link, and the syncs it starts, run in the token's tenant's time.
    return this.#d.clock.run(found.token.tenantId, () => this.#attempt(found, attempt))
  }

  #attempt (found: LinkTokenView, attempt: LinkAttempt): LinkAttemptResult {
    const { token, account } = found
    refuseUnlessReady(found.state)
    const now = this.#d.clock.now()

    if (attempt.outcome === 'exit') {
      this.#d.repo.spendLinkToken(token.tokenHash, now, 'exit')
      return { outcome: 'exit', account, view: this.#viewOf({ ...token, usedAt: now }, account) }
    }
    const integration = this.#chosen(account, token, attempt.integration)
    const problems = attempt.outcome === 'error'
      ? validationProblems(attempt.error ?? 'invalid_credentials', integration)
      : passwordProblems(attempt.password, integration)
    if (problems !== undefined) return { outcome: 'error', errors: problems, account, view: found }

    const publicToken = this.#d.ids.token(40)
    return this.#d.db.transaction(() => {
      if (!this.#d.repo.spendLinkToken(token.tokenHash, now, 'success')) throw appError('LINK_WIDGET_LINK_USED')
      const { account: linked, isRelink } = this.#d.accounts.finishLinking(account, integration)
      this.#d.repo.insertPublicToken({
        tokenHash: digestHex(publicToken),
        tenantId: linked.tenantId,
        linkedAccountId: linked.id,
        createdAt: now,
        expiresAt: now + this.#d.publicTokenTtlMs
      })
      return { outcome: 'success' as const, publicToken, integration, account: linked, isRelink, view: this.#viewOf({ ...token, usedAt: now }, linked) }
    })()
  }

  /** Public token → the account's permanent account token. Single use; expires; only for its own tenant. */
  exchange (tenant: Tenant, publicToken: string): ExchangedToken {
    const presented = digest(publicToken)
    const stored = this.#d.repo.publicToken(presented.toString('hex'))
    if (stored === undefined || stored.tenantId !== tenant.id || !sameDigest(presented, Buffer.from(stored.tokenHash, 'hex'))) {
      throw appError('PUBLIC_TOKEN_UNKNOWN')
    }
    if (stored.usedAt !== null) throw appError('PUBLIC_TOKEN_USED')
    const now = this.#d.clock.of(tenant.id).now()
    if (now >= stored.expiresAt) {
      throw appError('PUBLIC_TOKEN_EXPIRED', { expiredAt: iso(stored.expiresAt), ttl: formatDuration(this.#d.publicTokenTtlMs) })
    }
    if (!this.#d.repo.spendPublicToken(stored.tokenHash, now)) throw appError('PUBLIC_TOKEN_USED')
    const account = this.#d.accounts.get(stored.linkedAccountId)
    return { accountToken: account.accountToken, account }
  }

  #find (linkToken: string): { token: StoredLinkToken, account: StoredAccount } | undefined {
    if (linkToken === '') return undefined
    const presented = digest(linkToken)
    const token = this.#d.repo.linkToken(presented.toString('hex'))
    if (token === undefined || !sameDigest(presented, Buffer.from(token.tokenHash, 'hex'))) return undefined
    // The account cannot be missing: deleting it deletes its link tokens.
    const account = this.#d.accounts.get(token.linkedAccountId)
    return { token, account }
  }

  #viewOf (token: StoredLinkToken, account: StoredAccount): LinkTokenView {
    return { state: linkTokenState(token, this.#d.clock.of(token.tenantId).now()), account, integrations: this.#offered(account, token.integrationSlug), token }
  }

  /** A relink offers only the account's own integration; otherwise the preselected one, or the whole category. */
  #offered (account: StoredAccount, preselected: string | null): readonly IntegrationInfo[] {
    const slug = account.completedAt !== null ? account.integrationSlug : preselected
    const one = slug === null ? undefined : findIntegration(slug)
    return one === undefined ? integrationsFor(account.category) : [one]
  }

  #chosen (account: StoredAccount, token: StoredLinkToken, requested: string | undefined): IntegrationInfo {
    const offered = this.#offered(account, token.integrationSlug)
    if (requested === undefined) return offered[0]!
    const found = offered.find((i) => i.slug === requested)
    if (found === undefined) {
      throw appError('LINK_WIDGET_UNKNOWN_INTEGRATION', { integration: requested, allowed: offered.map((i) => i.slug).join(', ') })
    }
    return found
  }
}

/** A password of the form error_<kind> makes the third party reject the credentials. */
function passwordProblems (password: string | undefined, integration: IntegrationInfo): readonly ValidationProblem[] | undefined {
  if (password === undefined || !password.startsWith('error_')) return undefined
  return validationProblems(password.slice('error_'.length), integration)
}
