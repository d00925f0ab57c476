import { answerLine } from '../backend.js'
import { BackendFault } from '../errors.js'
import { firstPage, linkQuietly } from '../fetches.js'
import type { Family, Findings } from '../family.js'
import { atMs, line } from '../journal.js'
import type { Kit } from '../kit.js'
import { integrationIdOf } from '../link-flow.js'
import { settled, syncNow } from '../syncs.js'
import { formatDuration } from '../../core/durations.js'
import { fail, notApplicable, pass, type CheckDef } from '../verdict.js'
import { awaitFetch, pollWait, unmarkedReads } from '../waits.js'

export const POLLING: CheckDef = {
  id: 'resilience.polling',
  rule: 'Events 4 and Limits: polling sync-status is the backup when webhooks are dropped (same timestamp comparison)'
}

/**
 * Integration P: after its first fetch, a sync whose webhooks never reach the backend (the kit takes the
 * category's webhook target away meanwhile: no other check links in that category). Its last_sync_finished is
 * then known only to whoever reads sync-status: a fetch up to it is polling's doing, whether the backend's own
 * poller or check-sync-status did it. The kit waits a moment, asks check-sync-status, and, told the backend's
 * poll interval (--poll-interval), waits for its poll; without it a backend whose check-sync-status does not
 * fetch cannot be judged.
 */
export const pollingFamily: Family = {
  name: 'polling',
  phase: 'parallel',
  checks: [POLLING],
  async run (kit: Kit, found: Findings): Promise<void> {
    const { linked, first } = await linkQuietly(kit, 0, ['filestorage', 'ticketing', 'accounting'], { exclusive: true })
    integrationIdOf(linked)
    if (first === undefined) throw new BackendFault(`the backend fetched nothing of ${linked.category} account ${linked.accountId} after its initial sync`)
    const models = [...new Set(first.map((f) => f.model))]
    await kit.world.retarget(linked.category, undefined)
    const mark = kit.clock.now()
    let marks: string[]
    try {
      await kit.world.control.postLinkedAccountsByIdDataRemoteChanges({ id: linked.accountId }, { model_id: models[0]!, created: 2 })
      await syncNow(kit, linked.accountId)
      const states = await settled(kit, linked.accountId)
      marks = states.filter((s) => models.includes(s.model_id) && s.last_sync_finished !== null).map((s) => s.last_sync_finished!)
    } finally {
      await kit.world.retarget(linked.category, kit.webhookUrl(linked.category))
    }
    const got = await awaitFetch(kit, linked, marks)
    const said = got.answer === undefined ? [] : [answerLine(got.answer)]
    if (got.fetches.length > 0) {
      const by = got.how === 'check-sync-status' ? 'check-sync-status read sync-status and fetched' : got.how === 'poll' ? `its own poll (every ${formatDuration(kit.pollMs!)}) fetched` : 'its own poll fetched, unasked,'
      found.set(POLLING, pass(`with the webhooks gone, ${by} ${[...new Set(got.fetches.map((f) => f.model))].join(', ')} up to the sync's last_sync_finished (${marks.join(', ')})`))
      return
    }
    const blind = await unmarkedReads(kit, linked, mark, marks)
    if (blind.length > 0) {
      found.set(POLLING, notApplicable(`with the webhooks gone the backend fetched, but no read carried the sync's last_sync_finished (${marks.join(', ')}) as modified_before, so what made it fetch cannot be told (see incremental.window): ${line(blind[0]!)}`))
      return
    }
    const reads = (await kit.journal.entries({ account: linked.accountId })).filter((e) => e.facets.endpoint === 'sync-status' && got.answer !== undefined && atMs(e) >= got.answer.sentAt)
    const asked = reads.length > 0 ? `check-sync-status read sync-status (${reads.length} read(s)) but fetched nothing` : 'check-sync-status did not read sync-status'
    if (kit.pollMs === undefined) {
      found.set(POLLING, notApplicable(`${asked}, and no poll of the backend's own fetched within 4.5 s; give --poll-interval D (how often it polls, at most 24h) and the kit waits for its poll`))
      return
    }
    found.set(POLLING, fail(`with the webhooks gone, nothing fetched up to the sync's last_sync_finished within ${formatDuration(pollWait(kit.pollMs))} (--poll-interval ${formatDuration(kit.pollMs)} and a margin)`, {
      expected: `a fetch with modified_before = ${marks.join(' or ')} by polling sync-status (Events 4: the same timestamp comparison as webhooks)`,
      got: `${asked}; no fetch carried it`, requests: [...reads.map(line), ...first.map((f) => line(firstPage(f)))].slice(0, 8), answers: said
    }))
  }
}
