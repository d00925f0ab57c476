import { webhookSignature } from '../../core/signing.js'
import { answerLine, type BackendAnswer } from '../backend.js'
import { BackendFault } from '../errors.js'
import { linkQuietly } from '../fetches.js'
import type { Family, Findings } from '../family.js'
import { answeredMs, atMs, isList, line, type Entry } from '../journal.js'
import type { Kit } from '../kit.js'
import { integrationIdOf, NotDrivable, type Linked } from '../link-flow.js'
import { carries } from '../marks.js'
import { settled, syncNow } from '../syncs.js'
import { pollQuietly } from '../timing.js'
import { notApplicable, pass, type CheckDef, type Finding } from '../verdict.js'
import { pollWait, unmarkedReads } from '../waits.js'
import { marked } from '../webhook-bodies.js'
import { judgeRetryAfter, judgeSchedule } from './retry-schedule.js'

export const RETRY_AFTER: CheckDef = { id: 'resilience.retry-after', rule: 'Errors (retry guidance): on 429 with Retry-After the next call waits at least that long' }
export const BACKOFF: CheckDef = { id: 'resilience.backoff', rule: 'Errors (retry guidance): on 5xx and network errors, retries with exponential backoff and jitter, at most 3, none at once' }

/** How long the kit waits for a first retry before it concludes there is none. */
const FIRST_RETRY_MS = 4500

type Fault = { kind: 'status', status: 429, retry_after: 1 } | { kind: 'status', status: 500 } | { kind: 'reset' }

/**
 * One integration R, its faults on the reads of a model it keeps. Each situation makes the backend fetch up
 * to a last_sync_finished nothing else names (see provoke): every read of that fetch carries it
 * (modified_before), so its attempts are told from the backend's poller and anything else it does.
 */
export const resilienceFamily: Family = {
  name: 'resilience',
  phase: 'parallel',
  checks: [RETRY_AFTER, BACKOFF],
  async run (kit: Kit, found: Findings): Promise<void> {
    const { linked, first } = await linkQuietly(kit, kit.users.length > 1 ? 1 : 0, ['ticketing', 'accounting', 'ats'])
    integrationIdOf(linked)
    if (first === undefined) throw new NotDrivable(`the backend fetched nothing of ${linked.category} account ${linked.accountId} after its initial sync, so there is no fetch to fail`)
    const model = first[0]!.model
    const body = (await kit.world.control.getWebhooksDeliveries({ account: linked.accountId, limit: 500 })).results.find((d) => d.event === 'LinkedAccount.sync_completed')?.body
    if (body === undefined) throw new BackendFault('unimock sent no LinkedAccount.sync_completed for the initial sync')
    found.set(RETRY_AFTER, await retryAfter(kit, linked, model, body))
    const findings = [await backoff(kit, linked, model, body, { kind: 'status', status: 500 }, '500'), await backoff(kit, linked, model, body, { kind: 'reset' }, 'a reset connection')]
    const judged = findings.filter((f) => f.outcome === 'pass')
    found.set(BACKOFF, findings.find((f) => f.outcome === 'fail') ?? (judged.length > 0 ? pass(judged.map((f) => f.detail).join('; ')) : findings[0]!))
  }
}

interface Provoked {
  /** What every read of the fetch carries as modified_before. */
  readonly mark: string
  /**
   * Whether the mark is one only a delivery of the kit's named (then every read carrying it is an attempt of
   * that one fetch); otherwise a sync's, which the backend's poller may also fetch anew after giving up.
   */
  readonly own: boolean
  /** check-sync-status, when the kit had to ask (a backend that fetches when asked); it may still be retrying. */
  readonly asked: Promise<BackendAnswer | BackendFault> | undefined
  /** Whether any read carried the mark: without one there is nothing to watch. */
  readonly came: boolean
  /** When the kit began to provoke the fetch. */
  readonly from: number
}

/** The account's reads carrying the mark, in the order they came. */
async function reads (kit: Kit, linked: Linked, mark: string): Promise<Entry[]> {
  return (await kit.journal.entries({ account: linked.accountId })).filter((e) => isList(e) && carries(e, mark))
}

const came = async (kit: Kit, linked: Linked, mark: string, timeoutMs: number): Promise<boolean> =>
  (await pollQuietly(kit.clock, async () => (await reads(kit, linked, mark)).length > 0 ? true : undefined, { timeoutMs, everyMs: 30 })) === true

/**
 * A fault on the model's reads, then a fetch to fail. First a signed delivery of the kit's naming a mark of
 * its own: no poll of the backend ever learns that mark, so its reads are that one fetch's attempts. A backend
 * that does not act on webhooks gets a sync instead, then check-sync-status, then (--poll-interval) its poll.
 */
async function provoke (kit: Kit, linked: Linked, model: string, fault: Fault, body: string): Promise<{ provoked: Provoked, faultId: number }> {
  const from = kit.clock.now()
  const made = await kit.world.control.postFaults({ ...fault, scope: { account: linked.accountId, model }, ...(fault.kind === 'status' && fault.status === 429 ? { count: 1 } : {}) })
  const own = kit.marks.next()
  const delivery = marked(body, own)
  await kit.backend.webhook(linked.category, delivery, webhookSignature(kit.world.webhookKey, delivery))
  if (await came(kit, linked, own, 1500)) return { provoked: { mark: own, own: true, asked: undefined, came: true, from }, faultId: made.id }
  await syncNow(kit, linked.accountId)
  const mark = (await settled(kit, linked.accountId)).find((s) => s.model_id === model)?.last_sync_finished
  if (mark === null || mark === undefined) throw new BackendFault(`the sync of ${model} wrote no last_sync_finished`)
  let asked: Promise<BackendAnswer | BackendFault> | undefined
  let any = await came(kit, linked, mark, 1500)
  if (!any) {
    asked = kit.backend.call(linked.user, 'check-sync-status', { id: linked.integrationId }).catch((error: unknown) => {
      if (error instanceof BackendFault) return error
      throw error
    })
    any = await came(kit, linked, mark, 3000)
    if (!any && kit.pollMs !== undefined) any = await came(kit, linked, mark, pollWait(kit.pollMs))
  }
  return { provoked: { mark, own: false, asked, came: any, from }, faultId: made.id }
}

const said = (a: BackendAnswer | BackendFault | undefined): string[] => a === undefined ? [] : [a instanceof BackendFault ? a.message : answerLine(a)]

/**
 * The fault's one 429 (count 1, this account's reads of the model) and the same request sent after it: the
 * same path and query, so the same cursor and modified_before. Found by content whichever fetch the 429 fell
 * on: the kit's own, or one the backend's poller had begun before the kit provoked (its reads carry a genuine
 * sync's last_sync_finished, not the kit's mark).
 */
async function limitedReads (kit: Kit, linked: Linked, from: number): Promise<{ limited: Entry | undefined, next: Entry | undefined }> {
  const entries = (await kit.journal.entries({ account: linked.accountId })).filter((e) => isList(e) && atMs(e) >= from)
  const limited = entries.find((e) => e.status === 429)
  const next = limited === undefined ? undefined : entries.find((e) => atMs(e) > atMs(limited) && e.id !== limited.id && sameRequest(e, limited))
  return { limited, next }
}

async function retryAfter (kit: Kit, linked: Linked, model: string, body: string): Promise<Finding> {
  const { provoked, faultId } = await provoke(kit, linked, model, { kind: 'status', status: 429, retry_after: 1 }, body)
  const watch = provoked.came || (await limitedReads(kit, linked, provoked.from)).limited !== undefined
  const seen = !watch ? undefined : await pollQuietly(kit.clock, async () => {
    const { limited, next } = await limitedReads(kit, linked, provoked.from)
    return limited !== undefined && next !== undefined ? { limited, next } : undefined
  }, { timeoutMs: 3000, everyMs: 50 })
  await kit.world.control.deleteFaultsById({ id: String(faultId) })
  const answer = await provoked.asked
  if (seen === undefined) {
    return (await limitedReads(kit, linked, provoked.from)).limited !== undefined
      ? notApplicable('after the 429 the backend asked for that page no more within 3 s: it waited at least Retry-After, or gave up')
      : await nothingToFail(kit, linked, provoked, '429', answer)
  }
  return judgeRetryAfter(seen.limited, seen.next, 1, said(answer))
}

/** Why no read could be failed: the backend read without carrying the mark (a broken window), or did not read at all. */
async function nothingToFail (kit: Kit, linked: Linked, provoked: Provoked, what: string, answer: BackendAnswer | BackendFault | undefined): Promise<Finding> {
  const blind = await unmarkedReads(kit, linked, provoked.from, [provoked.mark])
  if (blind.length > 0) return notApplicable(`the backend read after the kit's delivery and sync, but no read carried their last_sync_finished as modified_before (see incremental.window), so no read of that fetch could be told to answer ${what} to: ${line(blind[0]!)}`)
  return notApplicable(`neither the kit's delivery nor its sync caused a read to answer ${what} to (check-sync-status: ${said(answer).join('') || 'not asked'}${kit.pollMs === undefined ? '; --poll-interval lets the kit wait for the backend\'s own poll' : ''})`)
}

const sameRequest = (a: Entry, b: Entry): boolean => a.path === b.path && JSON.stringify(a.query) === JSON.stringify(b.query)

/**
 * The first run of attempts of one read carrying the mark: the same request again and again, ending at a
 * success. With a sync's mark (`own` false) a read of sync-status in between also ends it: the backend has
 * started a new poll, whose attempts are a new call.
 */
export function firstRun (entries: readonly Entry[], mark: string, failed: (e: Entry) => boolean, own: boolean): Entry[] {
  const start = entries.findIndex((e) => isList(e) && carries(e, mark) && failed(e))
  if (start < 0) return []
  const run = [entries[start]!]
  for (const e of entries.slice(start + 1)) {
    if (!own && e.facets.endpoint === 'sync-status') break
    if (!isList(e) || !sameRequest(e, run[0]!)) continue
    run.push(e)
    if (!failed(e)) break
  }
  return run
}

async function backoff (kit: Kit, linked: Linked, model: string, body: string, fault: Fault, what: string): Promise<Finding> {
  const { provoked, faultId } = await provoke(kit, linked, model, fault, body)
  const failed = (e: Entry): boolean => fault.kind === 'reset' ? e.status === 0 : e.status === 500
  // Watched until the attempts pass the limit, or stop: nothing new for longer than any backoff of the run so far.
  let count = -1
  let quietFrom = kit.clock.now()
  const attempts = !provoked.came ? [] : await pollQuietly(kit.clock, async () => {
    const entries = (await kit.journal.entries({ account: linked.accountId })).filter((e) => isList(e) || e.facets.endpoint === 'sync-status')
    const run = firstRun(entries, provoked.mark, failed, provoked.own)
    if (run.length > 4) return run
    if (run.length !== count) { count = run.length; quietFrom = kit.clock.now(); return undefined }
    // The first retry may take a while: Merge's own guide retries a 500 once, after 2 s; backoff of 1, 2, 4 s is common.
    const longest = run.slice(1).reduce((m, e, i) => Math.max(m, atMs(e) - answeredMs(run[i]!)), 0)
    const patience = run.length === 1 ? FIRST_RETRY_MS : Math.max(2500, 3 * longest)
    return run.length > 0 && kit.clock.now() - quietFrom >= patience ? run : undefined
  }, { timeoutMs: 20_000, everyMs: 50 }) ?? []
  await kit.world.control.deleteFaultsById({ id: String(faultId) })
  const answer = await provoked.asked
  if (attempts.length === 0) return await nothingToFail(kit, linked, provoked, what, answer)
  return judgeSchedule(attempts, what, said(answer))
}
