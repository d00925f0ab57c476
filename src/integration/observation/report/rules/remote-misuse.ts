import { groupBy } from '../entry-helpers.js'
import type { Occurrence, Rule } from '../report-input.js'

/** Downloads of one file by one account beyond this many look like a missing cache. */
const DOWNLOADS_ALLOWED = 2

/** Async passthrough receipts polled within the documented 10 seconds (answered 429). */
export const asyncPassthroughPolledTooFast: Rule = {
  code: 'async_passthrough_polled_too_fast',
  severity: 'warning',
  title: 'Async passthrough receipts polled faster than once every 10 seconds',
  advice: 'Poll an async passthrough receipt at most once every 10 seconds, or listen for the AsyncPassthrough.resolved webhook instead of polling.',
  find (input) {
    const out: Occurrence[] = []
    const refused = groupBy(input.entries, (e) => e.facets.endpoint === 'async-passthrough-poll' && e.status === 429 && e.accountId !== null ? e.accountId : undefined)
    for (const [account, list] of refused) out.push({ requests: list, accounts: [account] })
    return out
  }
}

/** The same file's bytes downloaded again and again by one account. */
export const repeatedDownloads: Rule = {
  code: 'repeated_downloads',
  severity: 'warning',
  title: 'The same file downloaded repeatedly',
  advice: 'Cache downloaded bytes by file id and modified_at: a file\'s content changes only when a sync shows the file modified.',
  find (input) {
    const out: Occurrence[] = []
    const downloads = groupBy(input.entries, (e) => e.facets.endpoint === 'download' && e.status === 200 && e.accountId !== null ? `${e.accountId} ${e.path.split('?')[0] ?? ''}` : undefined)
    for (const [key, list] of downloads) {
      if (list.length > DOWNLOADS_ALLOWED) out.push({ requests: list, accounts: [key.split(' ')[0]!] })
    }
    return out
  }
}
