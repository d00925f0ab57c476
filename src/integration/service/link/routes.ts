import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { accountIntegration } from '../../base/accounts/account-views.js'
import type { StoredAccount } from '../../base/accounts/account-repository.js'
import { requestOrigin, requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { CATEGORIES } from '../../base/catalogue/categories.js'
import { routeEach } from '../../../http/route-each.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { Detail } from '../../base/dialect/schemas.js'
import type { LinkService } from './link-service.js'
import { AccountTokenResponse, CreateLinkTokenExchangeBody, LinkTokenBody, LinkTokenResponse, PublicTokenParams } from './schemas.js'

const BODY_ERRORS = { 400: Detail, 401: Detail, 413: Detail, 415: Detail } as const

function accountToken (accountTokenValue: string, account: StoredAccount): { account_token: string, integration: NonNullable<ReturnType<typeof accountIntegration>>, id: string } {
  // An exchanged public token always belongs to a completed account, which has an integration.
  return { account_token: accountTokenValue, integration: accountIntegration(account)!, id: account.id }
}

/** The link flow's API-key routes: link-token per category and both forms of the public-token exchange. */
export const linkRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, link: LinkService }> = async (app, { auth, link }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()

  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    r.get(`/api/${category}/v1/account-token/:public_token`, {
      onRequest: auth.tenant,
      config: journaled('account-token', { category, facets: [] }),
      schema: {
        tags,
        summary: 'Exchange a public token (single use, short-lived) for the permanent account token',
        params: PublicTokenParams,
        response: { 200: AccountTokenResponse, 400: Detail, 401: Detail }
      }
    }, async (request) => {
      const exchanged = link.exchange(requestTenant(request), request.params.public_token)
      request.journal.account(exchanged.account.id)
      return accountToken(exchanged.accountToken, exchanged.account)
    })
  })
  routeEach(r, CATEGORIES, (category, r) => {
    const tags = [`unified: ${category}`]
    r.post(`/api/${category}/v1/link-token`, {
      onRequest: auth.tenant,
      config: journaled('link-token', { category }),
      schema: {
        tags,
        summary: 'Create a single-use link token for one opening of the link widget',
        description: 'One linked account per (API key, category, end_user_origin_id): an incomplete one is reused, a complete one is relinked.',
        body: LinkTokenBody,
        response: { 200: LinkTokenResponse, ...BODY_ERRORS }
      }
    }, async (request) => {
      const b = request.body
      const created = link.createLinkToken(requestTenant(request), category, {
        endUserOriginId: b.end_user_origin_id,
        endUserEmailAddress: b.end_user_email_address ?? null,
        endUserOrganizationName: b.end_user_organization_name ?? null,
        integration: b.integration ?? null,
        integrationCategory: b.integration_category ?? null,
        linkExpiryMins: b.link_expiry_mins ?? null,
        shouldCreateMagicLinkUrl: b.should_create_magic_link_url === true,
        ...(b.ekm_enabled === undefined ? {} : { ekmEnabled: b.ekm_enabled }),
        linkScopes: (b.common_models ?? []).map((m) => ({
          modelId: m.model_id,
          read: m.enabled_actions.includes('READ'),
          write: m.enabled_actions.includes('WRITE'),
          disabledFields: m.disabled_fields
        }))
      }, requestOrigin(request))
      return { link_token: created.linkToken, integration_name: created.integrationName, magic_link_url: created.magicLinkUrl }
    })
  })

  r.post('/api/mktg/v1/create-link-token', {
    onRequest: auth.tenant,
    config: journaled('exchange'),
    schema: {
      tags: ['unified: link'],
      summary: 'Exchange a public token for the account token (the spec\'s form; works for every category)',
      body: CreateLinkTokenExchangeBody,
      response: { 200: AccountTokenResponse, ...BODY_ERRORS }
    }
  }, async (request) => {
    const exchanged = link.exchange(requestTenant(request), request.body.public_token)
    request.journal.account(exchanged.account.id)
    return accountToken(exchanged.accountToken, exchanged.account)
  })
}
