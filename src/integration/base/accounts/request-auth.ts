import { publicOrigin } from '../../../http/public-origin.js'
import type { FastifyRequest } from 'fastify'
import type { AccountService } from './account-service.js'
import type { StoredAccount } from './account-repository.js'
import type { Tenant } from '../tenants/tenant.js'
import { declareSecurity } from '../../../http/openapi/security.js'
import { categoryOf, factsOf } from '../../../http/route-facts.js'
import type { TenantService } from '../tenants/tenant-service.js'

/**
 * Authentication of unified-service requests, as Fastify route hooks. Attach them as `onRequest`, so that
 * authentication comes before body parsing and validation, as in the real service (Django REST framework
 * authenticates first): an unauthenticated request gets its 401, not a 400 about its body. They also work as
 * `preHandler`. Use them on any route under /api or /{category}/v1:
 *
 *   r.get('/api/hris/v1/employees', { onRequest: auth.account, schema: {...} }, async (request) => {
 *     const { tenant, account } = requestAccount(request)
 *     ...
 *   })
 *
 * - `auth.tenant`: `Authorization: Bearer <API key>` only (link-token, account-token, linked-accounts, and the
 *   control API's tenant routes). An X-Account-Token sent along is ignored: the official client sends it on
 *   every call when configured.
 * - `auth.account`: the API key AND `X-Account-Token` of a COMPLETE account of that key whose category is the
 *   one the route declares (`config: journaled(kind, { category })`, src/http/route-facts.ts).
 *
 * Failures throw AppErrors (401 `{"detail": ...}` saying which problem; 403 for an account needing relinking
 * with --relink-status 403). Read the result with `requestTenant` / `requestAccount`.
 */
export interface UnifiedAuth {
  readonly tenant: (request: FastifyRequest) => Promise<void>
  readonly account: (request: FastifyRequest) => Promise<void>
}

/** What `auth.account` resolved: the API key's tenant and the linked account of the X-Account-Token. */
export interface AuthenticatedAccount {
  readonly tenant: Tenant
  /** id, tenantId, category, integrationSlug, integrationName, status, endUserOriginId, accountType, completedAt... */
  readonly account: StoredAccount
}

/**
 * What a request's auth hook resolved, kept for the route and the journal; present once an auth hook ran,
 * whether it let the request through or not.
 */
export interface AuthFacts {
  tenant?: Tenant
  /** The linked account the request may use (auth.account succeeded). */
  account?: StoredAccount
  /** The account the X-Account-Token named, also when it was refused for its state (relinking needed...). */
  identified?: StoredAccount
}

const resolved = new WeakMap<FastifyRequest, AuthFacts>()

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

export function createUnifiedAuth (tenantService: TenantService, accountService: AccountService): UnifiedAuth {
  return {
    tenant: declareSecurity(async (request: FastifyRequest) => {
      const facts: AuthFacts = {}
      resolved.set(request, facts)
      facts.tenant = tenantService.authenticate(header(request, 'authorization'))
    }, [{ apiKey: [] }]),
    account: declareSecurity(async (request: FastifyRequest) => {
      const facts: AuthFacts = {}
      resolved.set(request, facts)
      const authorization = header(request, 'authorization')
      const tenant = tenantService.authenticate(authorization)
      facts.tenant = tenant
      const account = accountService.identify(tenant, header(request, 'x-account-token'), () => tenantService.evictionOf(authorization))
      facts.identified = account
      facts.account = accountService.admit(account, categoryOf(factsOf(request), request))
    }, [{ apiKey: [], accountToken: [] }])
  }
}

/** The tenant resolved by `auth.tenant` or `auth.account` for this request. */
export function requestTenant (request: FastifyRequest): Tenant {
  const tenant = resolved.get(request)?.tenant
  if (tenant === undefined) throw new Error('requestTenant: the route has no auth.tenant or auth.account hook')
  return tenant
}

/** The tenant and linked account resolved by `auth.account` for this request. */
export function requestAccount (request: FastifyRequest): AuthenticatedAccount {
  const account = resolved.get(request)?.account
  if (account === undefined) throw new Error('requestAccount: the route has no auth.account hook')
  return { tenant: requestTenant(request), account }
}

/** The linked account `auth.account` resolved for this request, if any (never throws). */
export function accountOf (request: FastifyRequest): StoredAccount | undefined {
  return resolved.get(request)?.account
}

/** What the request's auth hook resolved; undefined when no auth hook ran (no route, or a route without one). */
export function authFacts (request: FastifyRequest): Readonly<AuthFacts> | undefined {
  return resolved.get(request)
}

/** scheme://host[:port] absolute unimock URLs in responses point at (--public-url, else a valid Host). */
export function requestOrigin (request: FastifyRequest): string {
  return publicOrigin(request)
}
