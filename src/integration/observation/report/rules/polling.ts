import type { JournalEntry } from '../../journal/journal-entry.js'
import { groupBy } from '../entry-helpers.js'
import type { Occurrence, Rule } from '../report-input.js'

const MINUTE = 60_000

/**
 * Polls of an unchanged answer allowed per window. Between syncs: one per sync interval / 96 (every 15
 * minutes on a 24-hour interval), never less than a minute apart, so 96 per interval at most (5 on a
 * 5-minute interval). While a model is SYNCING (a client waiting for readiness): one per 30 seconds.
 */
export function pollAllowance (intervalMs: number, syncing: boolean): { windowMs: number, polls: number } {
  if (syncing) return { windowMs: 10 * MINUTE, polls: 20 }
  const period = Math.max(MINUTE, intervalMs / 96)
  return { windowMs: intervalMs, polls: Math.max(1, Math.ceil(intervalMs / period)) }
}

/**
 * sync-status first pages of one account answered the same (nothing changed) more often than the allowance
 * within one window. Webhooks are the primary signal; polling is the backup, at least once every 24 hours.
 */
export const pollingTooOften: Rule = {
  code: 'polling_too_often',
  severity: 'warning',
  title: 'sync-status polled far more often than needed',
  advice: 'Rely on webhooks and poll sync-status as a backup (at least once every 24 hours, at most a few times per sync interval); polling counts against rate limits. Waiting for readiness, poll at most every 30 seconds.',
  find (input) {
    const out: Occurrence[] = []
    const polls = groupBy(input.entries, (e) =>
      e.facets.endpoint === 'sync-status' && e.status === 200 && e.facets.cursor === undefined && e.facets.answer !== undefined && e.accountId !== null
        ? e.accountId
        : undefined)
    for (const [account, list] of polls) {
      let run: JournalEntry[] = []
      const close = (): void => {
        const dense = densest(run, pollAllowance(input.syncIntervalMs, run[0]?.facets.syncing === true))
        if (dense !== undefined) out.push({ requests: dense, accounts: [account] })
        run = []
      }
      for (const e of list) {
        if (run.length > 0 && run[0]!.facets.answer !== e.facets.answer) close()
        run.push(e)
      }
      close()
    }
    return out
  }
}

/** The first window holding more polls than allowed, or undefined. */
function densest (run: readonly JournalEntry[], allowance: { windowMs: number, polls: number }): JournalEntry[] | undefined {
  let start = 0
  for (let end = 0; end < run.length; end++) {
    while (run[end]!.at - run[start]!.at >= allowance.windowMs) start++
    if (end - start + 1 > allowance.polls) return run.slice(start, end + 1)
  }
  return undefined
}
