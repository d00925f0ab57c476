import { fetchesOf, type Fetch } from '../fetches.js'
import type { Family, Findings } from '../family.js'
import { line, type Entry } from '../journal.js'
import type { Kit } from '../kit.js'
import { fail, notApplicable, pass, type CheckDef } from '../verdict.js'

export const PAGINATION: CheckDef = {
  id: 'incremental.pagination',
  rule: 'Limits: pagination follows next, every other query parameter unchanged'
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

/** Judged over every fetch of the run: each page after the first came from `next` (that is how the kit links pages) with the same parameters. */
export const paginationFamily: Family = {
  name: 'pagination',
  phase: 'last',
  checks: [PAGINATION],
  async run (kit: Kit, found: Findings): Promise<void> {
    const paged = fetchesOf(await kit.journal.entries()).filter((f) => f.pages.length > 1)
    if (paged.length === 0) { found.set(PAGINATION, notApplicable('no fetch of the run went past its first page')); return }
    const bad = paged.map((f) => ({ f, pages: drifted(f) })).filter((x) => x.pages.length > 0)
    const pages = paged.reduce((n, f) => n + f.pages.length, 0)
    if (bad.length === 0) {
      found.set(PAGINATION, pass(`${paged.length} fetches of ${pages} pages followed next with every other parameter unchanged`))
      return
    }
    const { f, pages: wrong } = bad[0]!
    found.set(PAGINATION, fail(`${bad.length} of ${paged.length} paged fetches changed their query parameters between pages`, {
      expected: 'each page asked with the cursor from next and every other query parameter of the first page',
      got: `${f.model}: first page ${params(f.pages[0]!)}; then ${wrong.map(params).join(' | ')}`,
      requests: [f.pages[0]!, ...wrong].slice(0, 6).map(line)
    }))
  }
}
