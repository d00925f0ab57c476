import { activity, QUIET_MS, type Watched } from './activity.js'
import type { Kit } from './kit.js'
import { atMs, isList, type Entry } from './journal.js'
import type { Linked, LinkOptions } from './link-flow.js'
import { carries } from './marks.js'
import { settled } from './syncs.js'
import { pollQuietly } from './timing.js'
import type { SyncStatusRecord } from './world.js'

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

/** The fetches (a first page and the pages that followed it) whose window ends at the mark (marks.ts). */
export function fetchesCarrying (entries: readonly Entry[], mark: string): Fetch[] {
  return fetchesOf(entries).filter((f) => carries(firstPage(f), mark))
}

/** Fetches that got their first page: a first page answered with an error and retried is one fetch, not two. */
export function answeredFetches (fetches: readonly Fetch[]): Fetch[] {
  return fetches.filter((f) => firstPage(f).status === 200)
}

/** The same, when a fetch's last page answered a next cursor: the backend may still be storing that page. */
const LEFT_MS = 600

/**
 * Waits until the backend has fetched the account's data after `since` (kit clock) and is done: at least one
 * fetch started since then, all of them complete, no request of the account under way at unimock (a held
 * one shows in no journal yet), no webhook delivery of the account unanswered, and nothing new for a moment.
 * Undefined when no fetch came in time.
 */
export async function fetchedSince (kit: Kit, linked: Watched, since: number, timeoutMs = 8000): Promise<Fetch[] | undefined> {
  let seen = ''
  let quietFrom = 0
  return await pollQuietly(kit.clock, async () => {
    const now = await activity(kit, linked)
    if (now.fingerprint !== seen) { seen = now.fingerprint; quietFrom = kit.clock.now(); return undefined }
    const fetches = fetchesOf(await kit.journal.entries({ account: linked.accountId })).filter((f) => atMs(firstPage(f)) >= since)
    // A fetch left before its last page (a next never asked for) is judged by incremental.pagination: here it is
    // over once the account has been quiet a while longer.
    const idle = now.idle && fetches.length > 0
    const quiet = kit.clock.now() - quietFrom
    return idle && (fetches.every((f) => f.complete) ? quiet >= QUIET_MS : quiet >= LEFT_MS) ? fetches : undefined
  }, { timeoutMs, everyMs: 30 })
}

/** A new integration once its initial sync is over and the backend has fetched it: where most checks start. */
export interface Quiet {
  readonly linked: Linked
  /** The sync status the initial sync ended with. */
  readonly initial: SyncStatusRecord[]
  /** The backend's first fetches; undefined when none came in time. */
  readonly first: Fetch[] | undefined
}

export async function linkQuietly (kit: Kit, user: number, preferred: readonly string[], options: LinkOptions = {}): Promise<Quiet> {
  const start = kit.clock.now()
  const linked = await kit.links.link(user, preferred, options)
  const initial = await settled(kit, linked.accountId)
  return { linked, initial, first: await fetchedSince(kit, linked, start) }
}
