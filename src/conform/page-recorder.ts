import type { FastifyInstance } from 'fastify'
import { factsOf } from '../http/route-facts.js'

/**
 * The records unimock returned to the backend, page by page: what the gap detector compares with what the
 * service holds. The journal keeps each request's window and cursors but not the records a page carried, so
 * the kit watches the answers of the list routes of its own unimock as they are sent. The kit's own calls to
 * the service carry the query parameter KIT_MARK (unimock ignores it; the journal shows it), so neither this
 * recorder nor the journal's readers take them for the backend's.
 */

export const KIT_MARK = 'unimock_conform'

export interface SeenRecord {
  readonly id: string
  /** Microsecond ISO 8601, as the page carried it. */
  readonly modifiedAt: string
}

export interface SeenPage {
  /** The X-Account-Token the page was asked with (the kit knows whose it is). */
  readonly accountToken: string
  /** model_id of the list, e.g. crm.Contact. */
  readonly model: string
  readonly records: readonly SeenRecord[]
}

function recordsOf (payload: unknown): SeenRecord[] | undefined {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined
  if (text === undefined) return undefined
  try {
    const page = JSON.parse(text) as { results?: Array<{ id?: unknown, modified_at?: unknown }> }
    if (!Array.isArray(page.results)) return undefined
    return page.results.flatMap((r) => typeof r.id === 'string' && typeof r.modified_at === 'string' ? [{ id: r.id, modifiedAt: r.modified_at }] : [])
  } catch {
    return undefined
  }
}

export class PageRecorder {
  readonly #pages: SeenPage[] = []

  /** Must run before the app is ready: hooks added later miss the routes. */
  install (app: FastifyInstance): void {
    app.addHook('onSend', async (request, reply, payload) => {
      const facts = factsOf(request)
      const token = request.headers['x-account-token']
      if (facts?.kind !== 'list' || facts.model === undefined || reply.statusCode !== 200 || typeof token !== 'string') return payload
      if ((request.query as Record<string, unknown> | undefined)?.[KIT_MARK] !== undefined) return payload
      const records = recordsOf(payload)
      if (records !== undefined) this.#pages.push({ accountToken: token, model: facts.model, records })
      return payload
    })
  }

  /** Every page the backend got with this account token, in the order they were sent. */
  pagesOf (accountToken: string): readonly SeenPage[] {
    return this.#pages.filter((p) => p.accountToken === accountToken)
  }
}
