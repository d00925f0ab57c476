import { MergeClient, MergeError, MergeTimeoutError } from '@mergeapi/merge-node-client'

/**
 * The unified service, through the official Node client (@mergeapi/merge-node-client). One method per call
 * the integration makes; none retries (the client's retries are off: retries.js decides).
 *
 * The one model this integration keeps per category, and how the client lists it. knowledgebase is missing
 * because the client (4.0.4) has no knowledgebase namespace.
 */
export const MODELS = {
  hris: { modelId: 'hris.Employee', list: (client, ...args) => client.hris.employees.list(...args) },
  ats: { modelId: 'ats.Candidate', list: (client, ...args) => client.ats.candidates.list(...args) },
  crm: { modelId: 'crm.Contact', list: (client, ...args) => client.crm.contacts.list(...args) },
  accounting: { modelId: 'accounting.Account', list: (client, ...args) => client.accounting.accounts.list(...args) },
  ticketing: { modelId: 'ticketing.Ticket', list: (client, ...args) => client.ticketing.tickets.list(...args) },
  filestorage: { modelId: 'filestorage.File', list: (client, ...args) => client.filestorage.files.list(...args) }
}

export const CATEGORIES = Object.keys(MODELS)

export const isCategory = (value) => typeof value === 'string' && Object.hasOwn(MODELS, value)

export class Service {
  /** `url` is the service's base URL (UNIMOCK_URL); the client's base URL is `${url}/api`. */
  constructor ({ url, apiKey, timeoutMs }) {
    this.url = url.replace(/\/+$/, '')
    this.apiKey = apiKey
    this.timeoutMs = timeoutMs
  }

  #client (accountToken) {
    return new MergeClient({
      apiKey: this.apiKey,
      accountToken,
      baseUrl: `${this.url}/api`,
      maxRetries: 0,
      timeoutInSeconds: this.timeoutMs / 1000
    })
  }

  /** A fresh link token for one opening of the link widget. */
  async createLinkToken (category, { endUserOriginId, organizationName, emailAddress, integration }) {
    const answer = await this.#client()[category].linkToken.create({
      endUserOriginId,
      endUserOrganizationName: organizationName,
      endUserEmailAddress: emailAddress,
      categories: [category],
      integration
    })
    return answer.linkToken
  }

  /** Public token → account token. Single use: never call this twice for one token. */
  async exchange (category, publicToken) {
    const answer = await this.#client()[category].accountToken.retrieve(publicToken)
    return {
      accountToken: answer.accountToken,
      linkedAccountId: answer.id,
      integrationName: answer.integration.name,
      integrationSlug: answer.integration.slug,
      categories: answer.integration.categories ?? []
    }
  }

  /** The linked account; also the health check (401/403 when it needs relinking). */
  async accountDetails (category, accountToken) {
    return await this.#client(accountToken)[category].accountDetails.retrieve()
  }

  async deleteAccount (category, accountToken) {
    await this.#client(accountToken)[category].deleteAccount.delete()
  }

  /**
   * One page of the category's model. `window` holds modified_after/modified_before as the strings to send:
   * they go through queryParams because the client's typed parameters take a Date, which has no microseconds.
   */
  async listPage (category, accountToken, { pageSize, cursor, window }) {
    const page = await MODELS[category].list(this.#client(accountToken), { pageSize, cursor }, { queryParams: window })
    return { results: page.data, next: page.response.next ?? null }
  }

  /**
   * One page of sync-status as the service wrote it. Read without the client on purpose: the client turns
   * `last_sync_finished` into a Date, which drops the microseconds the service writes. Sent back as
   * modified_before, a value cut to the millisecond would leave out the records the sync's last pass stamped
   * in its final millisecond, and the next window (which starts at our own later clock reading) would never
   * see them. Errors are thrown as the client throws them, so retries.js treats every call alike.
   */
  async syncStatusPage (category, accountToken, cursor) {
    const url = new URL(`${this.url}/api/${category}/v1/sync-status`)
    url.searchParams.set('page_size', '100')
    if (cursor !== undefined && cursor !== null) url.searchParams.set('cursor', cursor)
    let response
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${this.apiKey}`, 'x-account-token': accountToken, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs)
      })
    } catch (error) {
      if (error.name === 'TimeoutError') throw new MergeTimeoutError(`Timeout exceeded when calling GET ${url.pathname}.`)
      throw new MergeError({ message: error.message })
    }
    const body = await response.json().catch(() => undefined)
    if (!response.ok || body === undefined) throw new MergeError({ statusCode: response.status, body, rawResponse: response })
    return { results: body.results ?? [], next: body.next ?? null }
  }
}
