import type { JournalEntry } from '../../journal/journal-entry.js'
import { paramsKey } from '../entry-helpers.js'
import type { Occurrence, Rule } from '../report-input.js'

const PAGING = ['cursor', 'page_size']

/**
 * A page requested with a cursor whose other query parameters differ from the request that answered that
 * cursor (linked by the cursor's fingerprint), or one the service itself refused for that reason.
 */
export const filtersChanged: Rule = {
  code: 'filters_changed_between_pages',
  severity: 'error',
  title: 'Query parameters changed between pages of one list',
  advice: 'Take cursor from next or previous of an earlier page and keep every other query parameter identical across the pages of a list.',
  find (input) {
    const out: Occurrence[] = []
    // The latest request whose answer carried each cursor fingerprint.
    const producers = new Map<string, JournalEntry>()
    for (const e of input.entries) {
      const cursor = e.facets.cursor
      if (cursor !== undefined) {
        const producer = producers.get(cursor)
        const linked = producer !== undefined && producer.accountId === e.accountId && producer.facets.endpoint === e.facets.endpoint &&
          producer.facets.model === e.facets.model && producer.id <= e.startedAfter
        if (linked && paramsKey(producer, PAGING) !== paramsKey(e, PAGING)) {
          out.push({ requests: [producer, e], accounts: [e.accountId] })
        } else if (!linked && e.error === 'DATA_CURSOR_PARAMS_CHANGED') {
          out.push({ requests: [e], accounts: [e.accountId] })
        }
      }
      if (typeof e.facets.next === 'string') producers.set(e.facets.next, e)
      if (typeof e.facets.previous === 'string') producers.set(e.facets.previous, e)
    }
    return out
  }
}
