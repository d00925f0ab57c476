import type { JournalEntry } from '../../journal/journal-entry.js'
import { micros, paramsKey } from '../entry-helpers.js'
import type { Occurrence, Rule } from '../report-input.js'

/** A walk through one list: its first page, and whether a page of it answered 200 with next null. */
interface Fetch {
  readonly first: JournalEntry
  /** The id of the page that ended it; undefined while incomplete (an error, or pages not yet fetched). */
  completedBy?: number
}

const WINDOW = ['cursor', 'page_size', 'modified_after', 'modified_before']

/**
 * Incremental fetches of one account's model (one stream: the same other filters) whose modified_after did
 * not move forward. Compared with the latest COMPLETE earlier fetch (one that paged to next = null before
 * the new one began), a new first page is flagged when its modified_after is missing, earlier, or the same
 * while newer data was available (its modified_before is later; without modified_before, time has passed).
 * A correct client (the spec's incremental rule) sends, after its first fetch, modified_after = the start
 * of its previous successful fetch, which only grows; a retry of a failed fetch is compared with the last
 * complete one, so it never trips this.
 */
export const modifiedAfterNotAdvancing: Rule = {
  code: 'modified_after_not_advancing',
  severity: 'warning',
  title: 'modified_after did not move forward between incremental fetches',
  advice: 'Record your time as last_synced_at before each fetch; later fetches send modified_after = the stored last_synced_at and modified_before = the new last_sync_finished, and store both only once the fetch completed.',
  find (input) {
    const out: Occurrence[] = []
    const streams = new Map<string, Fetch[]>()
    const byCursor = new Map<string, Fetch>()
    for (const e of input.entries) {
      if (e.facets.endpoint !== 'list' || e.accountId === null || e.facets.model === undefined) continue
      let fetch: Fetch | undefined
      if (e.facets.cursor === undefined) {
        if (e.status !== 200) continue
        const key = `${e.accountId}\u0000${e.facets.model}\u0000${paramsKey(e, WINDOW)}`
        const list = streams.get(key) ?? []
        const previous = [...list].reverse().find((f) => f.completedBy !== undefined && f.completedBy <= e.startedAfter)
        if (previous !== undefined && !advanced(previous.first, e)) out.push({ requests: [previous.first, e], accounts: [e.accountId] })
        fetch = { first: e }
        list.push(fetch)
        streams.set(key, list)
      } else {
        fetch = byCursor.get(e.facets.cursor)
        if (fetch === undefined || e.status !== 200) continue
      }
      if (typeof e.facets.next === 'string') byCursor.set(e.facets.next, fetch)
      if (e.status === 200 && e.facets.next === null) fetch.completedBy ??= e.id
    }
    return out
  }
}

function advanced (before: JournalEntry, now: JournalEntry): boolean {
  const after1 = micros(before.facets.modifiedAfter)
  const after2 = micros(now.facets.modifiedAfter)
  if (after2 === undefined) return false
  if (after1 === undefined) return true
  if (after2 > after1) return true
  if (after2 < after1) return false
  const before1 = micros(before.facets.modifiedBefore)
  const before2 = micros(now.facets.modifiedBefore)
  const newer = before1 !== undefined && before2 !== undefined ? before2 > before1 : now.at > before.at
  return !newer
}
