import type { JournalEntry } from '../../journal/journal-entry.js'
import { groupBy, isOk } from '../entry-helpers.js'
import type { Occurrence, Rule } from '../report-input.js'

/** The integrator's health check (account-details) and the deletion of the integration stay allowed. */
const ALLOWED = new Set(['account-details', 'delete-account'])

/**
 * Calls on a linked account that began after a call on it was answered 401 or 403, before the account was
 * relinked (a link-flow completion left it COMPLETE) or a health check (account-details) succeeded.
 */
export const callsAfterRelinkNeeded: Rule = {
  code: 'calls_after_relink_needed',
  severity: 'error',
  title: 'Calls on a linked account after a 401/403 without a relink',
  advice: 'A 401 or 403 on a linked account means it needs relinking: stop its data and sync calls, ask the user to relink (a link token with the same end_user_origin_id), and resume once account-details succeeds.',
  find (input) {
    const out: Occurrence[] = []
    for (const [account, list] of groupBy(input.entries, (e) => e.accountId ?? undefined)) {
      let refusal: JournalEntry | undefined
      let after: JournalEntry[] = []
      const close = (): void => {
        if (refusal !== undefined && after.length > 0) out.push({ requests: [refusal, ...after], accounts: [account] })
        refusal = undefined
        after = []
      }
      for (const e of list) {
        if (e.surface === 'widget') {
          if (e.facets.accountStatus === 'COMPLETE') close()
          continue
        }
        const kind = e.facets.endpoint ?? ''
        if (refusal !== undefined && e.startedAfter >= refusal.id) {
          if (ALLOWED.has(kind)) {
            if (kind === 'account-details' && isOk(e)) close()
            continue
          }
          after.push(e)
          continue
        }
        if (refusal === undefined && (e.status === 401 || e.status === 403)) refusal = e
      }
      close()
    }
    return out
  }
}
