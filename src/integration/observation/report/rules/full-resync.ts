import type { Rule } from '../report-input.js'

/**
 * A FULL resync accepted while every enabled model had finished its initial sync, none had FAILED or been
 * PARTIALLY_SYNCED and none was PAUSED: state an INCREMENTAL resync of the models wanted would have covered.
 */
export const fullResyncInsteadOfIncremental: Rule = {
  code: 'full_resync_instead_of_incremental',
  severity: 'warning',
  title: 'FULL resync where INCREMENTAL would do',
  advice: 'A FULL resync fetches the complete data set again and is resource-intensive; when the initial sync is done and nothing FAILED, request sync_type INCREMENTAL with the model_id as target.',
  find: (input) => input.entries
    .filter((e) => {
      const s = e.facets.syncBefore
      return e.facets.endpoint === 'resync' && e.status === 200 && e.facets.syncType === 'FULL' && s !== undefined &&
        s.models > 0 && s.initial === 0 && s.failed === 0 && s.partial === 0 && s.paused === 0
    })
    .map((e) => ({ requests: [e], accounts: [e.accountId] }))
}
