import type { JournalEntry } from '../../journal/journal-entry.js'
import type { AccountSnapshot, Occurrence, Rule } from '../report-input.js'

const sameEndUser = (a: { emailFp?: string | undefined, organizationFp?: string | undefined }, b: AccountSnapshot): boolean =>
  (a.emailFp !== undefined && a.emailFp === b.emailFp) || (a.organizationFp !== undefined && a.organizationFp === b.organizationFp)

/**
 * A link token requested for an end_user_origin_id that had no account yet (the request created it) while
 * an account of the same end user (same e-mail or organisation fingerprint) in the same category was still
 * incomplete: a retry under a new origin id, which leaves duplicate incomplete accounts behind.
 */
export const duplicateLinkAttempts: Rule = {
  code: 'duplicate_link_attempts',
  severity: 'warning',
  title: 'Link tokens requested under a new end_user_origin_id while an incomplete account of the same end user existed',
  advice: 'Store end_user_origin_id before requesting a link token and reuse the same value when retrying an incomplete attempt; a new value for each retry creates duplicate incomplete accounts.',
  find (input) {
    const out: Occurrence[] = []
    const linkTokens = input.entries.filter((e) => e.facets.endpoint === 'link-token' && e.status === 200 && e.facets.endUserOriginId !== undefined)
    const firstFor = new Set<string>()
    for (const e of linkTokens) {
      const key = `${e.facets.category ?? ''}\u0000${e.facets.endUserOriginId!}`
      if (firstFor.has(key)) continue
      firstFor.add(key)
      const created = input.accounts.find((a) => a.category === e.facets.category && a.originId === e.facets.endUserOriginId)
      // Only the request that created the account starts a new origin id (an older account is a relink or retry).
      if (created === undefined || created.createdAt < e.at) continue
      const who = { emailFp: e.facets.endUserEmail ?? created.emailFp, organizationFp: e.facets.organization ?? created.organizationFp }
      const earlier = input.accounts.filter((a) => a.id !== created.id && a.seq < created.seq && a.category === created.category &&
        (a.completedAt === null || a.completedAt > e.at) && sameEndUser(who, a))
      if (earlier.length === 0) continue
      const earlierOrigins = new Set(earlier.map((a) => a.originId))
      const cited: JournalEntry[] = linkTokens.filter((x) => x.id < e.id && x.facets.category === created.category && earlierOrigins.has(x.facets.endUserOriginId!))
      out.push({ requests: [...cited, e], accounts: [...earlier.map((a) => a.id), created.id] })
    }
    return out
  }
}
