import type { FastifyRequest } from 'fastify'
import type { AccountService } from '../accounts/account-service.js'
import type { StoredAccount } from '../accounts/account-repository.js'
import type { Tenant } from '../tenants/tenant.js'
import { declareSecurity } from '../../http/openapi/security.js'
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
 *   path's (`/api/{category}/...` or `/{category}/v1/...`).
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

const tenants = new WeakMap<FastifyRequest, Tenant>()
const accounts = new WeakMap<FastifyRequest, StoredAccount>()

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** The category segment of a unified-service path: /api/{category}/... or /{category}/v1/... */
export function pathCategory (url: string): string | undefined {
  return /^\/(?:api\/)?([^/?]+)\//.exec(url)?.[1]
}

export function createUnifiedAuth (tenantService: TenantService, accountService: AccountService): UnifiedAuth {
  return {
    tenant: declareSecurity(async (request: FastifyRequest) => {
      tenants.set(request, tenantService.authenticate(header(request, 'authorization')))
    }, [{ apiKey: [] }]),
    account: declareSecurity(async (request: FastifyRequest) => {
      const tenant = tenantService.authenticate(header(request, 'authorization'))
      tenants.set(request, tenant)
      accounts.set(request, accountService.authenticate(tenant, header(request, 'x-account-token'), pathCategory(request.url)))
    }, [{ apiKey: [], accountToken: [] }])
  }
}

/** The tenant resolved by `auth.tenant` or `auth.account` for this request. */
export function requestTenant (request: FastifyRequest): Tenant {
  const tenant = tenants.get(request)
  if (tenant === undefined) throw new Error('requestTenant: the route has no auth.tenant or auth.account hook')
  return tenant
}

/** The tenant and linked account resolved by `auth.account` for this request. */
export function requestAccount (request: FastifyRequest): AuthenticatedAccount {
  const account = accounts.get(request)
  if (account === undefined) throw new Error('requestAccount: the route has no auth.account hook')
  return { tenant: requestTenant(request), account }
}

/** Ties a request that `auth.tenant` authenticated to the one account it acted on (a token exchange), for accountOf. */
export function actedOn (request: FastifyRequest, account: StoredAccount): void {
  accounts.set(request, account)
}

/** The linked account `auth.account` resolved for this request, or `actedOn` named (never throws). */
export function accountOf (request: FastifyRequest): StoredAccount | undefined {
  return accounts.get(request)
}

/** scheme://host[:port] the client used: absolute unimock URLs in responses point back at it. */
export function requestOrigin (request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}
