import type { Kit } from './kit.js'
import { atMs, isList, type Entry } from './journal.js'
import { pollQuietly } from './timing.js'

/**
 * The backend's fetches, read from the journal: a fetch of a model is a first page (no cursor) and the pages
 * that followed its cursors. Pages are linked by the fingerprint of the cursor a page answered (`next_fp`)
 * and the one the next request sent (`cursor_fp`).
 */

export interface Fetch {
  readonly account: string
  readonly model: string
  readonly pages: Entry[]
  /** The last page answered 200 with no next cursor. */
  complete: boolean
}

/** Groups list requests into fetches, in the order they started; a page whose cursor no fetch answered starts none. */
export function fetchesOf (entries: readonly Entry[]): Fetch[] {
  const out: Fetch[] = []
  const byCursor = new Map<string, Fetch>()
  const lists = entries.filter((e) => isList(e) && e.account_id !== null && e.facets.model !== undefined).sort((a, b) => atMs(a) - atMs(b) || a.id - b.id)
  for (const e of lists) {
    const cursor = e.facets.cursor_fp
    let fetch = cursor === undefined ? undefined : byCursor.get(`${e.account_id}:${cursor}`)
    if (fetch === undefined) {
      if (cursor !== undefined) continue
      fetch = { account: e.account_id!, model: e.facets.model!, pages: [], complete: false }
      out.push(fetch)
    }
    fetch.pages.push(e)
    fetch.complete = e.status === 200 && e.facets.next_fp === null
    if (typeof e.facets.next_fp === 'string') byCursor.set(`${e.account_id}:${e.facets.next_fp}`, fetch)
  }
  return out
}

/** The first page of a fetch: its window (modified_after, modified_before) and page_size. */
export const firstPage = (f: Fetch): Entry => f.pages[0]!

/**
 * Waits until the backend has fetched the account's data after `since` (kit clock): at least one fetch
 * started since then, all of them complete, and nothing new for a moment. Undefined when none came in time.
 */
export async function fetchedSince (kit: Kit, account: string, since: number, timeoutMs = 4000): Promise<Fetch[] | undefined> {
  let seen = -1
  let quietFrom = 0
  return await pollQuietly(kit.clock, async () => {
    const fetches = fetchesOf(await kit.journal.entries({ account })).filter((f) => atMs(firstPage(f)) >= since)
    const pages = fetches.reduce((n, f) => n + f.pages.length, 0)
    if (pages !== seen) { seen = pages; quietFrom = kit.clock.now(); return undefined }
    const done = fetches.length > 0 && fetches.every((f) => f.complete)
    return done && kit.clock.now() - quietFrom >= 150 ? fetches : undefined
  }, { timeoutMs, everyMs: 30 })
}
