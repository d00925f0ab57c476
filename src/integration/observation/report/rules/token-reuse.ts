import type { JournalEntry } from '../../journal/journal-entry.js'
import type { Occurrence, Rule } from '../report-input.js'

const reusedLinkToken = (e: JournalEntry): boolean => e.facets.linkToken !== undefined &&
  (e.error === 'LINK_WIDGET_LINK_USED' || (e.facets.endpoint === 'widget-session' && e.status === 200 && e.facets.linkTokenState === 'USED'))

const reusedPublicToken = (e: JournalEntry): boolean => e.facets.publicToken !== undefined && e.error === 'PUBLIC_TOKEN_USED'

/**
 * A link token presented again after it was spent (the widget opened with it, or a completion refused as
 * used), or a public token exchanged again (refused as used). Cites the earlier uses of the same token.
 */
export const tokenReuse: Rule = {
  code: 'token_reused',
  severity: 'error',
  title: 'A link token or public token was used twice',
  advice: 'Link tokens are single use: create a fresh one for every opening of the link widget and never cache it; exchange each public token exactly once and keep the account token it returns.',
  find (input) {
    const out: Occurrence[] = []
    for (const e of input.entries) {
      const fp = reusedLinkToken(e) ? e.facets.linkToken : reusedPublicToken(e) ? e.facets.publicToken : undefined
      if (fp === undefined) continue
      const earlier = input.entries.filter((x) => x.id < e.id && (x.facets.linkToken === fp || x.facets.publicToken === fp))
      out.push({ requests: [...earlier, e], accounts: [e.accountId, ...earlier.map((x) => x.accountId)] })
    }
    return out
  }
}
