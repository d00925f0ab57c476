import { answerLine, type BackendAnswer } from '../backend.js'
import { BackendFault } from '../errors.js'
import { fetchedSince, linkQuietly } from '../fetches.js'
import type { Family, Findings } from '../family.js'
import { atMs, line } from '../journal.js'
import type { Kit } from '../kit.js'
import { integrationIdOf } from '../link-flow.js'
import { settled, syncNow } from '../syncs.js'
import { fail, notApplicable, pass, type CheckDef } from '../verdict.js'

export const POLLING: CheckDef = {
  id: 'resilience.polling',
  rule: 'Events 4 and Limits: polling sync-status is the backup when webhooks are dropped (same timestamp comparison)'
}

/**
 * Integration P: after its first fetch, a sync whose webhooks never reach the backend (the kit takes the
 * category's webhook target away meanwhile: no other check links in that category), then check-sync-status: reading
 * sync-status, the backend must see the newer last_sync_finished and fetch.
 */
export const pollingFamily: Family = {
  name: 'polling',
  phase: 'parallel',
  checks: [POLLING],
  async run (kit: Kit, found: Findings): Promise<void> {
    const { linked, first } = await linkQuietly(kit, 0, ['filestorage', 'ticketing', 'accounting'], { exclusive: true })
    integrationIdOf(linked)
    if (first === undefined) throw new BackendFault(`the backend fetched nothing of ${linked.category} account ${linked.accountId} after its initial sync`)
    const { control } = kit.world
    await kit.world.retarget(linked.category, undefined)
    const mark = kit.clock.now()
    let answer: BackendAnswer
    try {
      await control.postLinkedAccountsByIdDataRemoteChanges({ id: linked.accountId }, { model_id: first[0]!.model, created: 2 })
      await syncNow(kit, linked.accountId)
      await settled(kit, linked.accountId)
      answer = await kit.backend.call(linked.user, 'check-sync-status', { integration_id: linked.integrationId })
    } finally {
      await kit.world.retarget(linked.category, kit.webhookUrl(linked.category))
    }
    const fetched = (await fetchedSince(kit, linked, mark, 2000)) ?? []
    const entries = (await kit.journal.entries({ account: linked.accountId })).filter((e) => atMs(e) >= mark)
    const polls = entries.filter((e) => e.facets.endpoint === 'sync-status')
    if (polls.length === 0) {
      found.set(POLLING, notApplicable(`check-sync-status did not read sync-status, so the backend has no polling to check (${answerLine(answer)})`))
    } else if (fetched.length > 0) {
      found.set(POLLING, pass(`with the webhooks gone, check-sync-status read sync-status and fetched ${[...new Set(fetched.map((f) => f.model))].join(', ')}`))
    } else {
      found.set(POLLING, fail('polling saw a newer last_sync_finished but fetched nothing', {
        expected: 'a fetch of the synced models after sync-status showed a newer last_sync_finished (the webhooks were dropped)',
        got: `${polls.length} sync-status read(s), no list request`, requests: entries.map(line), answers: [answerLine(answer)]
      }))
    }
  }
}
