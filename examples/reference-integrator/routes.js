import { randomUUID } from 'node:crypto'
import { MergeError } from '@mergeapi/merge-node-client'
import { broken } from './broken.js'
import { describe, NeedsRelink, withRetries } from './retries.js'
import { CATEGORIES, isCategory } from './service.js'

/**
 * The integrator backend routes of the spec, under the prefix /api/integrations, and the record they move
 * through its states (spec: "Integrator-side record of a linked account"). Every route needs a logged-in user;
 * here a demo login: the header X-Demo-User (or, from the page in public/, the cookie demo_user) names one of
 * three users, each of their own organisation.
 */
const USERS = {
  alice: { organizationId: 1, organizationName: 'Northwind', emailAddress: 'alice@northwind.example' },
  bob: { organizationId: 2, organizationName: 'Contoso', emailAddress: 'bob@contoso.example' },
  carol: { organizationId: 3, organizationName: 'Fabrikam', emailAddress: 'carol@fabrikam.example' }
}

/** The demo login's user name: the header, else the page's cookie. */
const demoUser = (request) => request.headers['x-demo-user'] ?? /(?:^|;\s*)demo_user=([^;]*)/.exec(request.headers.cookie ?? '')?.[1]

/** The spec's strategy "one integration per category": permanent, known before the service is asked. */
const originId = (organizationId, category) => `${organizationId}_${category}`

class RouteError extends Error {
  constructor (status, message) {
    super(message)
    this.status = status
  }
}

/** integration_id as the spec has it: an integer (a JSON number, or digits in a string). */
function integrationId (body) {
  const value = body?.integration_id
  if (value === undefined || value === null || value === '') throw new RouteError(400, 'integration_id is required')
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (!Number.isSafeInteger(id)) throw new RouteError(400, 'integration_id must be an integer')
  return id
}

/** The API-facing view of a record: never its account token. */
const view = (row) => ({
  integration_id: row.id,
  category: row.category,
  end_user_origin_id: row.end_user_origin_id,
  status: row.status,
  integration_name: row.integration_name,
  integration_slug: row.integration_slug
})

export function integratorRoutes (app, { store, service, syncer, log }) {
  // Deliberately wrong, for REFERENCE_BROKEN=cache-link-token only: the first token each record got.
  const cachedLinkTokens = new Map()

  app.addHook('onRequest', async (request, reply) => {
    const user = USERS[demoUser(request)]
    if (user === undefined && broken('no-login-check') && request.url.endsWith('/relink-integration')) return
    if (user === undefined) return reply.code(401).send({ success: false, error: 'log in first (X-Demo-User: alice or bob)' })
    request.user = user
  })

  const owned = (request) => {
    if (request.user === undefined) {
      // no-login-check only: the integration found by its id alone, acted on as its organisation's user.
      const row = store.get(integrationId(request.body))
      if (row === undefined) throw new RouteError(404, 'integration not found')
      request.user = Object.values(USERS).find((u) => u.organizationId === row.organization_id)
      return row
    }
    const row = store.byId(request.user.organizationId, integrationId(request.body))
    if (row === undefined) throw new RouteError(404, 'integration not found')
    return row
  }

  const linkToken = (row, user, endUserOriginId, integration) => withRetries('link-token', () => service.createLinkToken(row.category, {
    endUserOriginId, organizationName: user.organizationName, emailAddress: user.emailAddress, integration
  }), log)

  app.post('/create-link-token', async (request) => {
    const { category = 'hris', integration } = request.body ?? {}
    if (!isCategory(category) && broken('accept-bad-category')) return { success: true, link_token: randomUUID() }
    if (!isCategory(category)) throw new RouteError(400, `category must be one of ${CATEGORIES.join(', ')}`)
    if (integration !== undefined && typeof integration !== 'string') throw new RouteError(400, 'integration must be a string')
    const user = request.user
    let row = store.byCategory(user.organizationId, category)
    if (row?.status === 'active' && !broken('relink-active')) throw new RouteError(400, 'an active integration already exists for this category')
    if (row?.status === 'error') {
      // Not active, so not refused: the connect button of an integration that needs relinking relinks it, with
      // the same origin id (the record stays in error until the exchange).
      const token = await linkToken(row, user, row.end_user_origin_id, integration)
      store.startRelink(row.id)
      return { success: true, link_token: token }
    }
    if (row === undefined) {
      row = store.insertPending(user.organizationId, category, originId(user.organizationId, category))
    } else if (row.status === 'pending') {
      // A retry of an incomplete attempt reuses the origin id: the service then reuses its incomplete account.
      const retryOriginId = broken('new-origin-id-per-retry') ? `${originId(user.organizationId, category)}_${randomUUID()}` : row.end_user_origin_id
      store.retryPending(row.id, retryOriginId)
      row = store.get(row.id)
    }
    const token = await linkToken(row, user, row.end_user_origin_id, integration)
    if (broken('cache-link-token')) {
      // The service was still asked (so the origin id rule holds as usual); the token answered is the old one.
      if (!cachedLinkTokens.has(row.id)) cachedLinkTokens.set(row.id, token)
      return { success: true, link_token: cachedLinkTokens.get(row.id) }
    }
    return { success: true, link_token: token }
  })

  /**
   * Which awaiting record a new account completes. The service's account details name its category and origin
   * id; they are asked in the categories of the integration the user picked, the record touched last first.
   * An account token answers 401 in a category not its own, so a 401 here only means "not this one".
   */
  async function completedRecord (awaiting, exchanged) {
    const categories = [...new Set(awaiting.map((r) => r.category))].filter((c) => exchanged.categories.includes(c))
    for (const category of categories) {
      try {
        const details = await withRetries('account-details', () => service.accountDetails(category, exchanged.accountToken), log)
        return awaiting.find((r) => r.category === details.category && r.end_user_origin_id === details.endUserOriginId)
      } catch (error) {
        if (!(error instanceof NeedsRelink)) throw error
      }
    }
    return undefined
  }

  app.post('/exchange-public-token', async (request) => {
    const publicToken = request.body?.public_token
    if ((typeof publicToken !== 'string' || publicToken === '') && !broken('no-token-check')) throw new RouteError(400, 'public_token is required')
    const user = request.user
    // The body names no category: the token completes one of this organisation's records awaiting it (a
    // pending first link or a relink under way), the one whose origin id the service reports for the account.
    const awaiting = store.awaitingExchange(user.organizationId)
    if (awaiting.length === 0 && !broken('exchange-without-pending')) throw new RouteError(404, 'no pending integration to complete')
    // Never retried: a public token is single-use, so a second attempt could only fail or exchange twice. The
    // exchange itself works on any category's path.
    const exchanged = await service.exchange(awaiting[0]?.category ?? 'hris', publicToken)
    if (broken('exchange-twice')) await service.exchange(awaiting[0]?.category ?? 'hris', publicToken).catch(() => {})
    const row = await completedRecord(awaiting, exchanged)
    if (row === undefined && broken('exchange-without-pending')) return { success: true, integration_name: exchanged.integrationName }
    if (row === undefined) throw new RouteError(404, 'no pending integration matches this link')
    if (row.status !== 'error' || !broken('relink-stays-error')) {
      // A relink keeps the account token; the record is active again with the name the service has now.
      store.activate(row.id, {
        accountToken: exchanged.accountToken, integrationName: exchanged.integrationName, integrationSlug: exchanged.integrationSlug, linkedAccountId: exchanged.linkedAccountId
      })
      // A short sync can finish before the exchange: its webhook then found no account token to fetch with.
      // One look at sync-status, in the background, catches up.
      syncer.checkStatus(row.id).catch((error) => log(`catching up integration ${row.id}: ${describe(error)}`))
    }
    return {
      success: true,
      integration_name: broken('slug-as-name') ? exchanged.integrationSlug : exchanged.integrationName,
      integration_id: row.id,
      ...(broken('leak-account-token') ? { account_token: exchanged.accountToken } : {})
    }
  })

  app.post('/relink-integration', async (request) => {
    const row = owned(request)
    const endUserOriginId = broken('relink-new-origin-id') ? `${row.end_user_origin_id}_${randomUUID()}` : row.end_user_origin_id
    const token = await linkToken(row, request.user, endUserOriginId, undefined)
    store.startRelink(row.id)
    return { success: true, link_token: token }
  })

  app.post('/delete-integration', async (request) => {
    const row = owned(request)
    // Service first: a local record deleted first would leave an account at the service nobody can reach.
    if (broken('delete-local-first')) store.remove(row.id)
    if (row.account_token !== null) {
      try {
        await withRetries('delete-account', () => service.deleteAccount(row.category, row.account_token), log)
      } catch (error) {
        if (error instanceof NeedsRelink && !broken('ignore-401')) store.markError(row.id)
        throw error
      }
    }
    store.remove(row.id)
    return { success: true }
  })

  app.post('/check-sync-status', async (request) => {
    const row = owned(request)
    const answer = await syncer.checkStatus(row.id)
    if (answer === undefined) throw new RouteError(404, 'integration not found')
    return { success: true, ...answer }
  })

  app.get('/integrations', async (request) => ({ success: true, integrations: store.forOrganization(request.user.organizationId).map(view) }))

  // Not a route of the spec: what this backend stored for one integration, to look at while trying it out.
  app.get('/integrations/:id/records', async (request) => {
    const row = store.byId(request.user.organizationId, integrationId({ integration_id: request.params.id }))
    if (row === undefined) throw new RouteError(404, 'integration not found')
    return { success: true, models: store.watermarks(row.id), records: store.records(row.id) }
  })
}

/** Every failure as `{success: false, error}`; a service failure is a 500 without the service's details. */
export function errorHandler (log) {
  return (error, request, reply) => {
    if (error instanceof RouteError) return reply.code(error.status).send({ success: false, error: error.message })
    if (!(error instanceof MergeError) && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own: a body that is not JSON, too large, of another content type.
      return reply.code(error.statusCode).send({ success: false, error: error.message })
    }
    log(`${request.method} ${request.url}: ${describe(error)}`)
    const what = error instanceof NeedsRelink ? 'the integration needs relinking' : 'the integration service did not answer as expected'
    return reply.code(500).send({ success: false, error: what })
  }
}
