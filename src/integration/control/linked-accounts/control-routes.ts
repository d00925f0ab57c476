import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { appError } from '../../../core/errors.js'
import { iso } from '../../../core/iso.js'
import { Problem } from '../../../http/problem.js'
import type { AccountService } from '../../base/accounts/account-service.js'
import { AccountIdParams } from '../../base/accounts/schemas.js'
import { requestOrigin, requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { installLenientJson } from '../../base/dialect/lenient-json.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import type { LinkService } from '../../service/link/link-service.js'
import { controlAccount } from './control-account.js'
import {
  CompleteBody, CompleteResult, ControlAccount, ControlAccountList, EventList, LinkTokenParams, NewAccountBody
} from './schemas.js'
import { touching } from '../../../http/route-facts.js'

/**
 * The control API's unified-service routes (under /_unimock). Like the service itself they take
 * `Authorization: Bearer <API key>`, which picks the tenant they act on.
 */
export interface ControlRouteOptions {
  readonly auth: UnifiedAuth
  readonly accounts: AccountService
  readonly link: LinkService
  /** When a receiver first took each delivered event of the tenant (its webhook deliveries): event id → epoch ms. */
  readonly deliveredEvents: (tenantId: number) => ReadonlyMap<string, number>
}

export const controlRoutes: FastifyPluginAsync<ControlRouteOptions> = async (app, { auth, accounts, link, deliveredEvents }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['control']
  installLenientJson(app)
  // POSTs here may come without a body (curl -X POST): read a missing body as {}.
  const emptyBody = async (request: { body: unknown }): Promise<void> => { request.body ??= {} }

  r.post('/linked-accounts', {
    config: touching('accounts', 'sync'),
    onRequest: auth.tenant,
    schema: {
      tags,
      summary: 'Create a complete linked account without the link flow (an incomplete attempt for the origin id is completed)',
      body: NewAccountBody,
      response: { 201: ControlAccount, 400: Problem, 401: Problem, 409: Problem, 413: Problem, 415: Problem }
    }
  }, async (request, reply) => {
    const b = request.body
    const account = accounts.createComplete(requestTenant(request), {
      category: b.category,
      endUserOriginId: b.end_user_origin_id,
      integration: b.integration,
      endUserEmailAddress: b.end_user_email_address,
      endUserOrganizationName: b.end_user_organization_name
    })
    return reply.code(201).send(controlAccount(account, requestOrigin(request)))
  })

  r.get('/linked-accounts', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'Every linked account of the API key, with its state', response: { 200: ControlAccountList, 401: Problem } }
  }, async (request) => {
    const origin = requestOrigin(request)
    return { results: accounts.all(requestTenant(request)).map((a) => controlAccount(a, origin)) }
  })

  r.post('/linked-accounts/:id/relink-needed', {
    config: touching('accounts', 'sync'),
    onRequest: auth.tenant,
    preValidation: emptyBody,
    schema: {
      tags,
      summary: 'Put a linked account in RELINK_NEEDED: its calls answer 401 (or --relink-status) until a new link token for its origin id completes',
      params: AccountIdParams,
      response: { 200: ControlAccount, 400: Problem, 401: Problem, 404: Problem, 409: Problem }
    }
  }, async (request) => controlAccount(accounts.markRelinkNeeded(requestTenant(request), request.params.id), requestOrigin(request)))

  r.post('/link-tokens/:link_token/complete', {
    onRequest: auth.tenant,
    config: journaled('link-complete', { linkToken: 'params', touches: ['accounts', 'sync'] }),
    preValidation: emptyBody,
    schema: {
      tags,
      summary: 'Finish a link token headlessly, as the end user would in the widget: success (default), exit or error',
      params: LinkTokenParams,
      body: CompleteBody,
      response: { 200: CompleteResult, 400: Problem, 401: Problem, 404: Problem, 413: Problem, 415: Problem }
    }
  }, async (request) => {
    const b = request.body
    const tenant = requestTenant(request)
    // The request's one lookup of its link token, told to the journal as found and again as left.
    const found = link.view(request.params.link_token, tenant)
    request.journal.linkToken(found ?? null)
    if (found === undefined) throw appError('LINK_WIDGET_UNKNOWN_LINK')
    const outcome = b.outcome ?? 'success'
    const result = outcome === 'exit'
      ? link.attempt(found, { outcome: 'exit' })
      : outcome === 'error'
        ? link.attempt(found, { outcome: 'error', integration: b.integration, error: b.error })
        : link.attempt(found, { outcome: 'success', integration: b.integration })
    request.journal.linkToken(result.view)
    const linked_account_id = result.account.id
    if (result.outcome === 'success') {
      return { outcome: result.outcome, linked_account_id, public_token: result.publicToken, integration: { ...result.integration, categories: [...result.integration.categories] }, is_relink: result.isRelink, errors: [] }
    }
    const errors = result.outcome === 'error' ? result.errors.map((e) => ({ detail: e.detail, problem_type: e.problem_type })) : []
    return { outcome: result.outcome, linked_account_id, public_token: null, integration: null, is_relink: false as const, errors }
  })

  r.get('/events', {
    onRequest: auth.tenant,
    schema: { tags, summary: 'The API key\'s linked-account events (LinkedAccount.linked, LinkedAccount.deleted), oldest first', response: { 200: EventList, 401: Problem } }
  }, async (request) => {
    // delivered_at: when a webhook receiver first took the event (null while none has).
    const tenant = requestTenant(request)
    const delivered = deliveredEvents(tenant.id)
    return {
      results: accounts.events(tenant).map((e) => ({
        id: e.id,
        event: e.event,
        linked_account_id: e.linkedAccountId,
        data: e.data,
        created_at: iso(e.createdAt),
        due_at: iso(e.dueAt),
        delivered_at: iso(delivered.get(e.id) ?? null)
      }))
    }
  })
}
