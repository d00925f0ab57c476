import type { Clock } from '../../../core/clock.js'
import { AppError } from '../../../core/errors.js'
import type { ModelDef } from '../../base/catalogue/catalogue.js'
import type { DataService } from '../data/service.js'

/** What the simulated third party answers: its own status and JSON body. */
export interface RawAnswer {
  readonly status: number
  readonly body: unknown
  readonly headers: Readonly<Record<string, string>>
}

export interface RawRequest {
  readonly method: string
  /** Path on the vendor's API, with an optional query string. */
  readonly path: string
  /** The parsed JSON body, when one was sent. */
  readonly body: unknown
}

const VENDOR_HEADERS = { 'content-type': 'application/json' } as const
const answer = (status: number, body: unknown): RawAnswer => ({ status, body, headers: VENDOR_HEADERS })
const vendorError = (status: number, error: string, message: string): RawAnswer => answer(status, { error, message })

/**
 * The simulated third party's own API, over the same records the common models show: `/api/v1/{segment}` and
 * `/api/v1/{segment}/{remote id}` for every model of the account's category, with the keys and ids its
 * `remote_data` shows (the path there is this API's). GET reads what the last sync saw, and what this API
 * created since (a vendor serves what it has just created); POST, PATCH and DELETE change the simulated system
 * itself, so the next sync pass shows the change, as a real vendor's would.
 * Lists page with `limit` (at most 100) and the opaque `cursor` of the answer's `next`.
 */
export class RawVendorApi {
  readonly #data: DataService
  readonly #clock: Clock

  constructor (data: DataService, clock: Clock) {
    this.#data = data
    this.#clock = clock
  }

  handle (account: { readonly id: string, readonly category: string }, request: RawRequest): RawAnswer {
    const url = new URL(request.path, 'http://vendor.invalid')
    const match = /^\/api\/v1\/([a-z0-9-]+)(?:\/([^/]+))?\/?$/.exec(url.pathname)
    const model = match === null ? undefined : this.#data.catalogue.bySegment(account.category, match[1] ?? '')
    if (match === null || model === undefined) return vendorError(404, 'not_found', `No resource at ${url.pathname}. Resources: /api/v1/{resource}[/{id}], e.g. /api/v1/${this.#data.catalogue.models.find((m) => m.category === account.category)?.segment ?? 'employees'}.`)
    const id = match[2] === undefined ? undefined : decodeURIComponent(match[2])
    try {
      return id === undefined ? this.#collection(account.id, model, request, url.searchParams) : this.#item(account.id, model, id, request)
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return vendorError(err.status, 'bad_request', err.message)
      throw err
    }
  }

  #collection (accountId: string, model: ModelDef, request: RawRequest, params: URLSearchParams): RawAnswer {
    if (request.method === 'GET') {
      const limit = params.get('limit') ?? '30'
      if (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > 100) return vendorError(400, 'bad_request', 'limit must be an integer from 1 to 100.')
      const query: Record<string, string> = { page_size: limit, include_remote_data: 'true' }
      const cursor = params.get('cursor')
      if (cursor !== null) query.cursor = cursor
      const page = this.#data.list(accountId, model, query)
      const data = page.results.map((r) => this.#raw(accountId, model, r))
      // What it created and Merge has not synced yet is the vendor's too: after the synced records, on the last page.
      if (page.next === null) for (const c of this.#data.createdRemote(accountId, model)) data.push({ ...c.body, id: c.remoteId })
      return answer(200, { data, next: page.next })
    }
    if (request.method === 'POST') {
      const bad = objectBody(request.body)
      if (bad !== undefined) return bad
      const id = this.#data.createRemote(accountId, model.id, this.#clock.now(), request.body as Record<string, unknown>)
      return answer(201, { ...(request.body as Record<string, unknown>), id })
    }
    return vendorError(405, 'method_not_allowed', `${request.method} is not allowed on a collection: use GET or POST.`)
  }

  #item (accountId: string, model: ModelDef, remoteId: string, request: RawRequest): RawAnswer {
    const found = this.#find(accountId, model, remoteId)
    if (found === undefined) return vendorError(404, 'not_found', `No ${model.segment} record with id ${remoteId}.`)
    if (request.method === 'GET') return answer(200, found)
    if (request.method === 'PATCH' || request.method === 'PUT') {
      const bad = objectBody(request.body)
      if (bad !== undefined) return bad
      this.#data.editRemoteRecord(accountId, model.id, remoteId, 'changed', this.#clock.now(), request.body as Record<string, unknown>)
      return answer(200, { ...found, ...(request.body as Record<string, unknown>), id: found.id })
    }
    if (request.method === 'DELETE') {
      this.#data.editRemoteRecord(accountId, model.id, remoteId, 'deleted', this.#clock.now())
      return answer(204, null)
    }
    return vendorError(405, 'method_not_allowed', `${request.method} is not allowed on a record: use GET, PATCH, PUT or DELETE.`)
  }

  #find (accountId: string, model: ModelDef, remoteId: string): Record<string, unknown> | undefined {
    const record = this.#data.list(accountId, model, { remote_id: remoteId, include_remote_data: 'true', page_size: '1' }).results[0]
    if (record !== undefined) return this.#raw(accountId, model, record)
    // Created through this API and not synced yet: the vendor serves it as it was created.
    const created = this.#data.createdRemote(accountId, model).find((c) => c.remoteId === remoteId)
    return created === undefined ? undefined : { ...created.body, id: created.remoteId }
  }

  /** A record as the vendor's API holds it: the common model's original payload and the custom fields. */
  #raw (accountId: string, model: ModelDef, record: Record<string, unknown>): Record<string, unknown> {
    const remote = record.remote_data as Array<{ data: Record<string, unknown> }> | null
    const base = remote?.[0]?.data ?? { id: record.remote_id }
    return { ...base, ...this.#data.customValues(accountId, model, record) }
  }
}

function objectBody (body: unknown): RawAnswer | undefined {
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) return undefined
  return vendorError(400, 'bad_request', 'The body must be a JSON object of the record\'s fields.')
}
