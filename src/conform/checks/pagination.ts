import { fetchesOf, type Fetch } from '../fetches.js'
import type { Family, Findings } from '../family.js'
import { atMs, line, type Entry } from '../journal.js'
import type { Kit } from '../kit.js'
import { fail, notApplicable, pass, type CheckDef } from '../verdict.js'

export const PAGINATION: CheckDef = {
  id: 'incremental.pagination',
  rule: 'Limits: pagination follows next until it is null, every other query parameter unchanged'
}

/** The query without the cursor, in a canonical order. */
function params (e: Entry): string {
  return Object.keys(e.query).filter((k) => k !== 'cursor').sort().map((k) => `${k}=${String(e.query[k])}`).join('&')
}

/** The pages of a fetch whose parameters differ from its first page's. */
export function drifted (fetch: Fetch): Entry[] {
  const first = params(fetch.pages[0]!)
  return fetch.pages.slice(1).filter((p) => params(p) !== first)
}

/**
 * Fetches that stopped at a page whose `next` nobody asked for (the kit links a page to the one that sent its
 * cursor). A fetch cut short by the service is not the backend's choice: one whose account answered an error
 * (a fault, a 401, a deleted account) after that page does not count.
 */
export function unfollowed (fetches: readonly Fetch[], entries: readonly Entry[]): Fetch[] {
  return fetches.filter((f) => {
    const last = f.pages.at(-1)!
    if (f.complete || last.status !== 200 || typeof last.facets.next_fp !== 'string') return false
    return !entries.some((e) => e.account_id === f.account && atMs(e) >= atMs(last) && (e.status >= 400 || e.status === 0))
  })
}

/** Judged over every fetch of the run: each page after the first came from `next` with the same parameters, and no `next` was left. */
export const paginationFamily: Family = {
  name: 'pagination',
  phase: 'last',
  needs: ['incremental'],
  checks: [PAGINATION],
  async run (kit: Kit, found: Findings): Promise<void> {
    const entries = await kit.journal.entries()
    const fetches = fetchesOf(entries)
    const withNext = fetches.filter((f) => f.pages.some((p) => typeof p.facets.next_fp === 'string'))
    if (withNext.length === 0) { found.set(PAGINATION, notApplicable('no page the backend got in this run had a next cursor (every fetch fitted in one page)')); return }
    const stopped = unfollowed(fetches, entries)
    if (stopped.length > 0) {
      const f = stopped[0]!
      found.set(PAGINATION, fail(`${stopped.length} of ${withNext.length} fetches with more than one page stopped before the last: a page answered next and no request followed it`, {
        expected: 'the next page asked with the cursor from next, until next is null',
        got: `${f.model}: ${f.pages.length} page(s), the last answered a next cursor that was never sent`,
        requests: f.pages.slice(0, 6).map(line)
      }))
      return
    }
    const bad = withNext.map((f) => ({ f, pages: drifted(f) })).filter((x) => x.pages.length > 0)
    const pages = withNext.reduce((n, f) => n + f.pages.length, 0)
    if (bad.length === 0) {
      found.set(PAGINATION, pass(`${withNext.length} fetches of ${pages} pages followed next to its end with every other parameter unchanged`))
      return
    }
    const { f, pages: wrong } = bad[0]!
    found.set(PAGINATION, fail(`${bad.length} of ${withNext.length} paged fetches changed their query parameters between pages`, {
      expected: 'each page asked with the cursor from next and every other query parameter of the first page',
      got: `${f.model}: first page ${params(f.pages[0]!)}; then ${wrong.map(params).join(' | ')}`,
      requests: [f.pages[0]!, ...wrong].slice(0, 6).map(line)
    }))
  }
}
