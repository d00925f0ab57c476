import { webhookSignature } from '../../core/signing.js'
import type { GetWebhooksDeliveriesResult } from '../../control-client.js'
import { answerLine, type BackendAnswer } from '../backend.js'
import { BackendFault } from '../errors.js'
import { fetchedSince, linkQuietly } from '../fetches.js'
import type { Family, Findings } from '../family.js'
import { answeredMs, atMs, isList, line } from '../journal.js'
import type { Kit } from '../kit.js'
import type { Linked } from '../link-flow.js'
import { syncNow } from '../syncs.js'
import { pollQuietly } from '../timing.js'
import { fail, pass, type CheckDef } from '../verdict.js'
import { finishedOf, shiftFinished, unknownAccount } from '../webhook-bodies.js'

export const PROCESSED: CheckDef = {
  id: 'webhook.processed',
  rule: 'Events: a correctly signed LinkedAccount.sync_completed and {Model}.synced answer 200 {status: "processed"} at once; the processing is asynchronous'
}
export const SIGNATURE: CheckDef = { id: 'webhook.signature', rule: 'Authentication 4: a forged signature and a tampered body are refused and trigger no fetch' }
export const REPLAY: CheckDef = { id: 'webhook.replay', rule: 'Events 2: a delivery sent again (same body, same signature) triggers no second fetch' }
export const STALE: CheckDef = { id: 'webhook.stale', rule: 'Events 2: a delivery whose last_sync_finished is older than the stored one triggers no fetch' }
export const UNKNOWN: CheckDef = { id: 'webhook.unknown-integration', rule: 'Integrator backend routes: the webhook route answers 404 when no integration matches' }

type Delivery = GetWebhooksDeliveriesResult['results'][number]

/** How long a fetch a webhook caused may take to show: the backend processes after answering. */
const SETTLE_MS = 400
/** The held answer of the backend's first data read after the real sync's webhooks. */
const HOLD_MS = 1000

async function deliveries (kit: Kit, account: string): Promise<Delivery[]> {
  return (await kit.world.control.getWebhooksDeliveries({ account, limit: 500 })).results
}

/** Sends, waits, and returns the list requests on the account that arrived since the first send. */
async function sendAndWatch (kit: Kit, linked: Linked, sends: Array<{ body: string, signature: string | undefined }>): Promise<{ answers: BackendAnswer[], fetches: string[] }> {
  const from = kit.clock.now()
  const answers: BackendAnswer[] = []
  for (const s of sends) answers.push(await kit.backend.webhook(linked.category, s.body, s.signature))
  await kit.clock.sleep(SETTLE_MS)
  const fetches = (await kit.journal.entries({ account: linked.accountId })).filter((e) => isList(e) && atMs(e) >= from).map(line)
  return { answers, fetches }
}

/**
 * Integration W, once its first fetch is done: forged, tampered and unsigned deliveries; a real sync whose
 * deliveries must be answered while the fetch they cause is held back; the real sync_completed sent again;
 * the same body moved back in time; the body for an unknown linked account.
 */
export const webhookFamily: Family = {
  name: 'webhooks',
  phase: 'parallel',
  checks: [SIGNATURE, PROCESSED, REPLAY, STALE, UNKNOWN],
  async run (kit: Kit, found: Findings): Promise<void> {
    const { linked, first } = await linkQuietly(kit, kit.users.length > 1 ? 1 : 0, ['ats', 'crm', 'hris'])
    if (first === undefined) throw new BackendFault(`the backend fetched nothing of ${linked.category} account ${linked.accountId} after its initial sync`)
    const key = kit.world.webhookKey
    const initial = (await deliveries(kit, linked.accountId)).filter((d) => d.event === 'LinkedAccount.sync_completed').at(-1)
    if (initial === undefined) throw new BackendFault('unimock sent no LinkedAccount.sync_completed for the initial sync')

    const later = shiftFinished(initial.body, 1000)
    const forged = await sendAndWatch(kit, linked, [
      { body: later, signature: webhookSignature(`${key}-forged`, later) },
      { body: later, signature: initial.signature },
      { body: later, signature: undefined }
    ])
    const accepted = forged.answers.filter((a) => a.status >= 200 && a.status < 300)
    if (forged.fetches.length === 0) {
      found.set(SIGNATURE, pass(`forged, tampered and unsigned deliveries fetched nothing (answered ${forged.answers.map((a) => a.status).join(', ')})${accepted.length > 0 ? '; refusing them with 4xx would tell the sender' : ''}`))
    } else {
      found.set(SIGNATURE, fail('a delivery with a wrong signature made the backend fetch', {
        expected: 'deliveries whose signature does not match their body are refused, and nothing is fetched',
        got: `${forged.fetches.length} list request(s) after them`, requests: forged.fetches, answers: forged.answers.map(answerLine)
      }))
    }

    // A real sync: its deliveries must be answered while the fetch they cause is still held at unimock.
    const fault = await kit.world.control.postFaults({ kind: 'latency', latency: `${HOLD_MS}ms`, scope: { account: linked.accountId, method: 'GET' }, count: 1 })
    const mark = kit.clock.now()
    await syncNow(kit, linked.accountId)
    // Every delivery of the sync answered (none pending), and no new one for a moment.
    let ds: Delivery[] = []
    let count = -1
    let quietFrom = kit.clock.now()
    const sent = await pollQuietly(kit.clock, async () => {
      ds = (await deliveries(kit, linked.accountId)).filter((d) => Date.parse(d.created_at) >= mark - 5)
      if (ds.length !== count) { count = ds.length; quietFrom = kit.clock.now(); return undefined }
      return ds.length > 0 && ds.every((d) => d.state !== 'pending') && kit.clock.now() - quietFrom >= 300 ? ds : undefined
    }, { timeoutMs: 8000 })
    if (sent === undefined) {
      const said = ds.map((d) => `${d.event} ${d.state}: ${d.attempts.map((a) => `${String(a.status_code ?? a.error)} after ${a.duration_ms} ms`).join(', ') || 'no attempt'}`)
      throw new BackendFault(`the sync's deliveries were not all answered within 8 s: ${said.join('; ') || 'none was made'}`)
    }
    await fetchedSince(kit, linked, mark, 4000)
    await kit.world.control.deleteFaultsById({ id: String(fault.id) })
    // Late: the delivery that caused the held read (the last one sent before it began) answered only once the read
    // was answered, so the backend fetched before it answered. Deliveries sent later (a target's go one after
    // another) are answered after the read by nature. Judged by order, not by the clock: a busy machine delays both.
    const held = (await kit.journal.entries({ account: linked.accountId })).find((e) => e.method === 'GET' && atMs(e) >= mark && e.duration_ms >= HOLD_MS - 50)
    const answered = (d: Delivery): number => Date.parse(d.attempts[0]!.at) + d.attempts[0]!.duration_ms
    const cause = held === undefined ? undefined : sent.filter((d) => d.attempts[0] !== undefined && Date.parse(d.attempts[0].at) <= atMs(held)).at(-1)
    const late = sent.filter((d) => d.attempts[0] === undefined || d.attempts[0].status_code !== 200 || (d === cause && answered(d) >= answeredMs(held!) - 20))
    // The replay: the sync's LinkedAccount.sync_completed, else the {Model}.synced of a model the backend fetched.
    const fetched = new Set(first.map((f) => f.model.split('.')[1]))
    const modelSynced = sent.find((d) => fetched.has(d.event.replace(/\.synced$/, ''))) ?? sent.find((d) => d.event.endsWith('.synced'))
    const syncCompleted = sent.filter((d) => d.event === 'LinkedAccount.sync_completed').at(-1) ?? modelSynced!

    // Both replays in one window: a fetch either causes belongs to the replay, not to what follows.
    const again = modelSynced === undefined || modelSynced === syncCompleted ? [syncCompleted] : [syncCompleted, modelSynced]
    const replay = await sendAndWatch(kit, linked, again.map((d) => ({ body: d.body, signature: d.signature })))
    const replayAnswers = replay.answers
    const notProcessed = replayAnswers.filter((a) => a.status !== 200 || (a.json as { status?: unknown } | undefined)?.status !== 'processed')
    if (late.length === 0 && notProcessed.length === 0) {
      found.set(PROCESSED, pass(`${sent.length} deliveries answered 200 at once while the fetch they caused was held ${HOLD_MS} ms; the answers say status processed`))
    } else {
      found.set(PROCESSED, fail(late.length > 0 ? 'deliveries were not answered 200 at once: the backend processed before answering' : 'a correctly signed delivery was not answered 200 {status: "processed"}', {
        expected: `200 {status: "processed"} at once: before the fetch it causes (held ${HOLD_MS} ms at unimock) is answered`,
        got: [...late.map((d) => `${d.event}: ${d.attempts.map((a) => `${String(a.status_code ?? a.error)} after ${a.duration_ms} ms`).join(', ')}`), ...notProcessed.map(answerLine)].join('; '),
        answers: replayAnswers.map(answerLine)
      }))
    }
    judgeNoFetch(found, REPLAY, replay, 'the same delivery sent again made the backend fetch again', `the replay (last_sync_finished ${String(finishedOf(syncCompleted.body))}, equal to the stored one)`)

    const older = shiftFinished(syncCompleted.body, -1000)
    const stale = await sendAndWatch(kit, linked, [{ body: older, signature: webhookSignature(key, older) }])
    judgeNoFetch(found, STALE, stale, 'a delivery older than the stored last_sync_finished made the backend fetch', `the delivery with last_sync_finished ${String(finishedOf(older))}`)

    const stranger = unknownAccount(syncCompleted.body)
    const unknown = await kit.backend.webhook(linked.category, stranger, webhookSignature(key, stranger))
    if (unknown.status === 404) found.set(UNKNOWN, pass('a correctly signed delivery for an unknown linked account answered 404'))
    else found.set(UNKNOWN, fail('a delivery for an unknown integration was not answered 404', { expected: '404: no integration matches', got: String(unknown.status), answers: [answerLine(unknown)] }))
  }
}

function judgeNoFetch (found: Findings, check: CheckDef, seen: { answers: BackendAnswer[], fetches: string[] }, failure: string, what: string): void {
  if (seen.fetches.length === 0) {
    found.set(check, pass(`${what} fetched nothing (answered ${seen.answers.map((a) => a.status).join(', ')})`))
  } else {
    found.set(check, fail(failure, { expected: `no fetch after ${what}`, got: `${seen.fetches.length} list request(s)`, requests: seen.fetches, answers: seen.answers.map(answerLine) }))
  }
}
