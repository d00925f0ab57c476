import type { ControlClient, GetRequestsResult } from '../control-client.js'
import { KIT_MARK } from './page-recorder.js'

/**
 * The backend's requests to unimock, from the request journal of the run's API key (GET /_unimock/requests):
 * the evidence of most checks. The kit's own calls (marked with KIT_MARK) and the link widget's (the kit plays
 * the end user) are left out: only what the backend did counts.
 */

export type Entry = GetRequestsResult['entries'][number]

export const atMs = (e: Entry): number => Date.parse(e.at)
/** When the answer went out: arrival plus the time the server took. */
export const answeredMs = (e: Entry): number => Date.parse(e.at) + e.duration_ms

export const isList = (e: Entry): boolean => e.facets.endpoint === 'list'
export const isOk = (e: Entry): boolean => e.status >= 200 && e.status < 300

/** The query string as sent (secrets as their fingerprints). */
export function queryText (e: Entry): string {
  const parts = Object.entries(e.query).flatMap(([k, v]) => (typeof v === 'string' ? [v] : v).map((x) => `${k}=${x}`))
  return parts.length === 0 ? '' : `?${parts.join('&')}`
}

/** One line of evidence: `#12 10:22:13.456 GET /api/crm/v1/contacts?page_size=50 → 200 (3 ms)`. */
export function line (e: Entry): string {
  return `#${e.id} ${e.at.slice(11, 23)} ${e.method} ${e.path}${queryText(e)} → ${e.status === 0 ? 'no answer' : e.status}${e.error === null ? '' : ` ${e.error}`} (${Math.round(e.duration_ms)} ms)`
}

export interface JournalFilter {
  readonly account?: string
  /** Entries with a greater id only (ids grow in the order requests finished). */
  readonly afterId?: number
}

export class Journal {
  readonly #control: ControlClient

  constructor (control: ControlClient) {
    this.#control = control
  }

  /** The backend's entries, oldest first. */
  async entries (filter: JournalFilter = {}): Promise<Entry[]> {
    const out: Entry[] = []
    let after = filter.afterId
    for (;;) {
      const page = await this.#control.getRequests({ order: 'oldest', limit: 1000, account: filter.account, after })
      out.push(...page.entries.filter((e) => e.surface === 'api' && e.query[KIT_MARK] === undefined))
      if (page.next === null) return out
      after = page.next
    }
  }

  /** The id of the latest entry: a mark to read what comes after it. */
  async lastId (): Promise<number> {
    const page = await this.#control.getRequests({ order: 'newest', limit: 1 })
    return page.entries[0]?.id ?? 0
  }
}
