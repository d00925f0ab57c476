import { webhookSignature } from '../../core/signing.js'
import type { GetWebhooksDeliveriesResult } from '../../control-client.js'
import { answerLine, type BackendAnswer } from '../backend.js'
import { BackendFault } from '../errors.js'
import { answeredFetches, fetchesCarrying, firstPage, linkQuietly, type Fetch } from '../fetches.js'
import type { Family, Findings } from '../family.js'
import { answeredMs, atMs, isList, line } from '../journal.js'
import type { Kit } from '../kit.js'
import type { Linked } from '../link-flow.js'
import { carries } from '../marks.js'
import { fail, notApplicable, pass, type CheckDef } from '../verdict.js'
import { quietAccount, settleCarrying } from '../waits.js'
import { marked, unknownAccount } from '../webhook-bodies.js'

export const PROCESSED: CheckDef = {
  id: 'webhook.processed',
  rule: 'Events: a correctly signed LinkedAccount.sync_completed and {Model}.synced answer 200 {status: "processed"} at once; the processing is asynchronous'
}
export const SIGNATURE: CheckDef = { id: 'webhook.signature', rule: 'Authentication 4: a forged signature, a tampered body and an unsigned delivery trigger no fetch' }
export const REPLAY: CheckDef = { id: 'webhook.replay', rule: 'Events 2: a delivery sent again (same body, same signature) triggers no second fetch' }
export const STALE: CheckDef = { id: 'webhook.stale', rule: 'Events 2: a delivery whose last_sync_finished is older than the stored one triggers no fetch' }
export const UNKNOWN: CheckDef = { id: 'webhook.unknown-integration', rule: 'Integrator backend routes: the webhook route answers 404 when no integration matches' }

type Delivery = GetWebhooksDeliveriesResult['results'][number]

/** How long unimock holds the first read a marked delivery causes: an answer "at once" comes before it ends. */
const HOLD_MS = 1000

/** What the run sent W, for the verdicts judged at its end. */
interface Sent {
  readonly linked: Linked
  /** Forged, tampered and unsigned: each a mark newer than anything, which a correct backend never fetches up to. */
  readonly forged: ReadonlyArray<{ readonly what: string, readonly mark: string, readonly answer: BackendAnswer }>
  /** Correctly signed and newer: the proof that the backend acts on such a delivery at all. */
  readonly control: { readonly mark: string, readonly answer: BackendAnswer, readonly replay: BackendAnswer }
  readonly stale: { readonly mark: string, readonly answer: BackendAnswer }
  /** The marks of the first two deliveries (processed). */
  readonly early: readonly string[]
  /** When the first of them was sent. */
  readonly from: number
}

const runs = new WeakMap<Kit, Sent>()

async function deliveries (kit: Kit, account: string): Promise<Delivery[]> {
  return (await kit.world.control.getWebhooksDeliveries({ account, limit: 500 })).results
}

const isProcessed = (a: BackendAnswer): boolean => a.status === 200 && (a.json as { status?: unknown } | undefined)?.status === 'processed'

/**
 * Integration W, once its first fetch is done. Every delivery the kit sends is a genuine body of W's made to
 * name a `last_sync_finished` of its own (a mark), so a fetch is the delivery's doing exactly when its window
 * ends at that mark. In order: a LinkedAccount.sync_completed and a {Model}.synced, signed (their first read
 * held); a forged, a tampered and an unsigned one, each newer still; a signed one newer than all (the
 * control: a backend that acts on webhooks fetches it); the control again (replay); a signed one older than
 * the control (stale); one for a linked account nobody has (unknown).
 */
export const webhookFamily: Family = {
  name: 'webhooks',
  phase: 'parallel',
  checks: [SIGNATURE, PROCESSED, REPLAY, STALE, UNKNOWN],
  async run (kit: Kit, found: Findings): Promise<void> {
    const { linked, first } = await linkQuietly(kit, kit.users.length > 1 ? 1 : 0, ['ats', 'crm', 'hris'])
    if (first === undefined) throw new BackendFault(`the backend fetched nothing of ${linked.category} account ${linked.accountId} after its initial sync`)
    const key = kit.world.webhookKey
    const sign = (body: string): string => webhookSignature(key, body)
    const genuine = await deliveries(kit, linked.accountId)
    const completed = genuine.filter((d) => d.event === 'LinkedAccount.sync_completed').at(-1)
    const models = new Set(first.map((f) => f.model.split('.')[1]))
    const synced = genuine.find((d) => models.has(d.event.replace(/\.synced$/, ''))) ?? genuine.find((d) => d.event.endsWith('.synced'))
    if (completed === undefined || synced === undefined) throw new BackendFault('unimock sent no LinkedAccount.sync_completed or {Model}.synced for the initial sync')
    const send = async (body: string, signature: string | undefined): Promise<BackendAnswer> => await kit.backend.webhook(linked.category, body, signature)

    // Processed: both shapes, signed and newer; the first read they cause is held, and the answer must not wait for it.
    const fault = await kit.world.control.postFaults({ kind: 'latency', latency: `${HOLD_MS}ms`, scope: { account: linked.accountId, model: first[0]!.model }, count: 1 })
    const from = kit.clock.now()
    const m1 = kit.marks.next()
    const b1 = marked(completed.body, m1)
    const a1 = await send(b1, sign(b1))
    const m2 = kit.marks.next()
    const b2 = marked(synced.body, m2)
    const a2 = await send(b2, sign(b2))
    const early = await settleCarrying(kit, linked, [m1, m2], 5000)
    await kit.world.control.deleteFaultsById({ id: String(fault.id) })
    judgeProcessed(found, [{ mark: m1, answer: a1, event: completed.event }, { mark: m2, answer: a2, event: synced.event }], early)

    // The shape the backend acted on carries the rest (sync_completed when it acted on both or neither).
    const base = early.some((f) => carries(firstPage(f), m1)) || !early.some((f) => carries(firstPage(f), m2)) ? completed.body : synced.body
    const forged: Array<{ what: string, mark: string, answer: BackendAnswer }> = []
    for (const what of ['a forged signature', 'a tampered body', 'no signature']) {
      const mark = kit.marks.next()
      const body = marked(base, mark)
      const signature = what === 'a forged signature' ? webhookSignature(`${key}-forged`, body) : what === 'a tampered body' ? sign(b1) : undefined
      forged.push({ what, mark, answer: await send(body, signature) })
    }
    const mc = kit.marks.next()
    const bc = marked(base, mc)
    const control = await send(bc, sign(bc))
    await settleCarrying(kit, linked, [mc], 5000)
    const replay = await send(bc, sign(bc))
    await quietAccount(kit, linked, 400)
    const ms = kit.marks.before(mc, 500)
    const bs = marked(base, ms)
    const stale = { mark: ms, answer: await send(bs, sign(bs)) }
    await quietAccount(kit, linked, 400)
    runs.set(kit, { linked, forged, control: { mark: mc, answer: control, replay }, stale, early: [m1, m2], from })

    const stranger = unknownAccount(completed.body)
    const unknown = await send(stranger, sign(stranger))
    if (unknown.status === 404) found.set(UNKNOWN, pass('a correctly signed delivery for an unknown linked account answered 404'))
    else found.set(UNKNOWN, fail('a delivery for an unknown integration was not answered 404', { expected: '404: no integration matches', got: String(unknown.status), answers: [answerLine(unknown)] }))
  },

  /** Signature, replay and stale over the whole run's journal: a fetch that carries a forbidden mark, however late. */
  async conclude (kit: Kit, found: Findings): Promise<void> {
    const sent = runs.get(kit)
    if (sent === undefined) return
    const entries = await kit.journal.entries({ account: sent.linked.accountId })
    const byMark = (mark: string): Fetch[] => fetchesCarrying(entries, mark)
    const acted = byMark(sent.control.mark).length > 0 || sent.early.some((m) => byMark(m).length > 0)
    // A read up to a genuine sync's end is the doing of that sync (a poll, a catch-up), not of a delivery.
    const genuine = (await kit.world.control.getLinkedAccountsByIdSyncHistory({ id: sent.linked.accountId })).runs.map((r) => r.finished_at)
    const known = [...sent.early, sent.control.mark, sent.stale.mark, ...sent.forged.map((f) => f.mark), ...genuine]
    const blind = entries.filter((e) => isList(e) && atMs(e) >= sent.from && !known.some((m) => carries(e, m)))
    const inert = blind.length > 0
      ? `the backend fetched after the kit's deliveries, but no read carried a delivery's last_sync_finished as modified_before (see incremental.window), so which delivery made it fetch cannot be told: ${line(blind[0]!)}`
      : `the backend fetched on no correctly signed delivery whose last_sync_finished was newer than its own (${[...sent.early, sent.control.mark].join(', ')}): it does not act on webhooks, so what it does with a bad one cannot be seen`
    const requests = (fetches: readonly Fetch[]): string[] => fetches.map((f) => line(firstPage(f)))

    const believed = sent.forged.filter((f) => byMark(f.mark).length > 0)
    if (believed.length > 0) {
      found.set(SIGNATURE, fail(`the backend fetched on a delivery with ${believed.map((f) => f.what).join(', ')}`, {
        expected: 'a delivery whose signature does not match its body is refused: nothing is fetched up to the last_sync_finished it names',
        got: believed.map((f) => `${f.what}: a fetch with modified_before=${f.mark}, the delivery's own mark`).join('; '),
        requests: requests(believed.flatMap((f) => byMark(f.mark))), answers: believed.map((f) => answerLine(f.answer))
      }))
    } else if (!acted) found.set(SIGNATURE, notApplicable(inert))
    else {
      const accepted = sent.forged.filter((f) => f.answer.status >= 200 && f.answer.status < 300)
      found.set(SIGNATURE, pass(`forged, tampered and unsigned deliveries, each newer than anything stored, fetched nothing (answered ${sent.forged.map((f) => f.answer.status).join(', ')}), while a signed one did${accepted.length > 0 ? '; refusing them with 4xx would tell the sender' : ''}`))
    }

    const twice = answeredFetches(byMark(sent.control.mark))
    const perModel = new Map<string, number>()
    for (const f of twice) perModel.set(f.model, (perModel.get(f.model) ?? 0) + 1)
    if ([...perModel.values()].some((n) => n > 1)) {
      found.set(REPLAY, fail('the same delivery sent again made the backend fetch again', {
        expected: `one fetch up to ${sent.control.mark} per model: the second delivery names a last_sync_finished equal to the stored one`,
        got: `${twice.length} fetches carrying it`, requests: requests(twice), answers: [answerLine(sent.control.answer), answerLine(sent.control.replay)]
      }))
    } else if (twice.length === 0) found.set(REPLAY, notApplicable(inert))
    else found.set(REPLAY, pass(`the delivery sent again (last_sync_finished ${sent.control.mark}, equal to the stored one) fetched nothing more (answered ${sent.control.replay.status})`))

    const staleFetches = byMark(sent.stale.mark)
    if (staleFetches.length > 0) {
      found.set(STALE, fail('a delivery older than the stored last_sync_finished made the backend fetch', {
        expected: `no fetch up to ${sent.stale.mark}: older than the stored ${sent.control.mark}`, got: `${staleFetches.length} fetch(es) carrying it`,
        requests: requests(staleFetches), answers: [answerLine(sent.stale.answer)]
      }))
    } else if (twice.length === 0) found.set(STALE, notApplicable(inert))
    else found.set(STALE, pass(`the delivery with last_sync_finished ${sent.stale.mark}, older than the stored one, fetched nothing (answered ${sent.stale.answer.status})`))
  }
}

/**
 * 200 {status: "processed"} to both, and neither answered only after the read it caused was answered (that
 * read is the one carrying its mark, held HOLD_MS: an answer that waited for it came after its end).
 */
function judgeProcessed (found: Findings, sent: ReadonlyArray<{ mark: string, answer: BackendAnswer, event: string }>, fetches: readonly Fetch[]): void {
  const problems: string[] = []
  for (const s of sent) {
    if (!isProcessed(s.answer)) { problems.push(`${s.event}: ${answerLine(s.answer)}`); continue }
    const held = fetches.filter((f) => carries(firstPage(f), s.mark)).map(firstPage).find((e) => e.duration_ms >= HOLD_MS - 50)
    if (held !== undefined && s.answer.answeredAt >= answeredMs(held) - 20) {
      problems.push(`${s.event} answered ${Math.round(s.answer.answeredAt - s.answer.sentAt)} ms after it was sent, after the read it caused (${line(held)}) was answered`)
    }
  }
  if (problems.length === 0) {
    found.set(PROCESSED, pass(`${sent.map((s) => s.event).join(' and ')} answered 200 {status: "processed"} at once${fetches.length > 0 ? `, before the read they caused (held ${HOLD_MS} ms) ended` : ''}`))
    return
  }
  found.set(PROCESSED, fail('a correctly signed delivery was not answered 200 {status: "processed"} at once', {
    expected: `200 {status: "processed"} before the fetch it causes ends (its first read held ${HOLD_MS} ms at unimock)`,
    got: problems.join('; '), answers: sent.map((s) => answerLine(s.answer)), requests: fetches.map((f) => line(firstPage(f)))
  }))
}
