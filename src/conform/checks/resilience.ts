import { answerLine, type BackendAnswer } from '../backend.js'
import { BackendFault } from '../errors.js'
import { linkQuietly } from '../fetches.js'
import type { Family, Findings } from '../family.js'
import { answeredMs, atMs, line, type Entry } from '../journal.js'
import type { Kit } from '../kit.js'
import { integrationIdOf, NotDrivable, type Linked } from '../link-flow.js'
import { pollQuietly } from '../timing.js'
import { fail, notApplicable, pass, type CheckDef, type Finding } from '../verdict.js'

export const RETRY_AFTER: CheckDef = { id: 'resilience.retry-after', rule: 'Errors (retry guidance): on 429 with Retry-After the next call waits at least that long' }
export const BACKOFF: CheckDef = { id: 'resilience.backoff', rule: 'Errors (retry guidance): on 5xx and network errors, retries with growing delays, at most 3' }

const MAX_RETRIES = 3
/** After check-sync-status answered, retries made in the background would show within this. */
const QUIET_MS = 500
/** Timer slack: a wait of 1000 ms may show as 998 ms between two arrivals. */
const SLACK_MS = 15

/** check-sync-status, its answer or the fault that kept it from coming (the journal is the evidence either way). */
async function checkSyncStatus (kit: Kit, linked: Linked): Promise<BackendAnswer | BackendFault> {
  try {
    return await kit.backend.call(linked.user, 'check-sync-status', { integration_id: integrationIdOf(linked) })
  } catch (error) {
    if (error instanceof BackendFault) return error
    throw error
  }
}

const said = (a: BackendAnswer | BackendFault): string => a instanceof BackendFault ? a.message : answerLine(a)

/**
 * Two integrations: on one a 429 with Retry-After: 1 on its next service call; on the other a 500, then a
 * reset connection, on every call until the kit lifts them; each while the backend answers check-sync-status.
 */
export const resilienceFamily: Family = {
  name: 'resilience',
  phase: 'parallel',
  checks: [RETRY_AFTER, BACKOFF],
  async run (kit: Kit, found: Findings): Promise<void> {
    await Promise.all([
      settle(found, RETRY_AFTER, async () => await retryAfter(kit, await ready(kit, 0, ['accounting', 'ats', 'ticketing']))),
      settle(found, BACKOFF, async () => {
        const linked = await ready(kit, kit.users.length > 1 ? 1 : 0, ['ticketing', 'accounting', 'ats'])
        const findings = [await backoff(kit, linked, { kind: 'status', status: 500 }, '500'), await backoff(kit, linked, { kind: 'reset' }, 'a reset connection')]
        const judged = findings.filter((f) => f.outcome === 'pass')
        return findings.find((f) => f.outcome === 'fail') ?? (judged.length > 0 ? pass(judged.map((f) => f.detail).join('; ')) : findings[0]!)
      })
    ])
  }
}

/** Each check on an integration of its own (faults are per account), so the two run at once. */
async function settle (found: Findings, check: CheckDef, work: () => Promise<Finding>): Promise<void> {
  try {
    found.set(check, await work())
  } catch (error) {
    if (!(error instanceof NotDrivable)) throw error
    found.set(check, notApplicable(error.message))
  }
}

/** A linked integration whose initial sync and first fetch are over: its service calls from now on are the check's. */
async function ready (kit: Kit, user: number, preferred: readonly string[]): Promise<Linked> {
  const { linked } = await linkQuietly(kit, user, preferred)
  integrationIdOf(linked)
  return linked
}

async function retryAfter (kit: Kit, linked: Linked): Promise<Finding> {
  const fault = await kit.world.control.postFaults({ kind: 'status', status: 429, retry_after: 1, scope: { account: linked.accountId }, count: 1 })
  const from = kit.clock.now()
  const answer = await checkSyncStatus(kit, linked)
  const after = await pollQuietly(kit.clock, async () => {
    const entries = (await kit.journal.entries({ account: linked.accountId })).filter((e) => atMs(e) >= from)
    const limited = entries.find((e) => e.status === 429)
    const next = limited === undefined ? undefined : entries.find((e) => atMs(e) > atMs(limited) && e.id !== limited.id)
    return limited !== undefined && next !== undefined ? { limited, next } : undefined
  }, { timeoutMs: 2500, everyMs: 50 })
  await kit.world.control.deleteFaultsById({ id: String(fault.id) })
  if (after === undefined) {
    const entries = (await kit.journal.entries({ account: linked.accountId })).filter((e) => atMs(e) >= from)
    return entries.some((e) => e.status === 429)
      ? notApplicable('after the 429 the backend made no further call to the service within 2.5 s, so it waited at least Retry-After')
      : notApplicable(`check-sync-status made no call on the integration to answer 429 to (${said(answer)})`)
  }
  const waited = atMs(after.next) - answeredMs(after.limited)
  if (waited >= 1000 - SLACK_MS) return pass(`after the 429 (Retry-After: 1) the next call came ${Math.round(waited)} ms later`)
  return fail(`the next call came ${Math.round(waited)} ms after a 429 with Retry-After: 1`, {
    expected: 'the next call at least 1000 ms after the 429', got: `${Math.round(waited)} ms`, requests: [line(after.limited), line(after.next)], answers: [said(answer)]
  })
}

/**
 * Backoff grows when some delay is clearly longer than the one before it. A busy machine only lengthens
 * delays (a timer fires late, never early), so a late first retry must not count against a backoff that
 * doubles; constant or shrinking delays are what fails. One retry has nothing to compare.
 */
export function grows (delays: readonly number[]): boolean {
  return delays.length < 2 || delays.some((d, i) => i > 0 && d > delays[i - 1]! * 1.1)
}

/** The longest run of the same request among the entries: the attempts of one call. */
function attemptsOf (entries: readonly Entry[]): Entry[] {
  const byRequest = new Map<string, Entry[]>()
  for (const e of entries) {
    const key = `${e.method} ${e.path} ${JSON.stringify(e.query)}`
    byRequest.set(key, [...(byRequest.get(key) ?? []), e])
  }
  return [...byRequest.values()].sort((a, b) => b.length - a.length)[0] ?? []
}

async function backoff (kit: Kit, linked: Linked, fault: { kind: 'status', status: 500 } | { kind: 'reset' }, what: string): Promise<Finding> {
  const made = await kit.world.control.postFaults({ ...fault, scope: { account: linked.accountId } })
  const from = kit.clock.now()
  let answered = false
  const pending = checkSyncStatus(kit, linked).finally(() => { answered = true })
  // Watched until the retries pass the limit, or stop: the backend has answered and nothing came for a while.
  let count = -1
  let quietFrom = kit.clock.now()
  const hit = (e: Entry): boolean => atMs(e) >= from && (fault.kind === 'reset' ? e.status === 0 : e.status === fault.status)
  const attempts = await pollQuietly(kit.clock, async () => {
    const failed = attemptsOf((await kit.journal.entries({ account: linked.accountId })).filter(hit))
    if (failed.length > MAX_RETRIES + 1) return failed
    if (failed.length !== count) { count = failed.length; quietFrom = kit.clock.now(); return undefined }
    return answered && kit.clock.now() - quietFrom >= QUIET_MS ? failed : undefined
  }, { timeoutMs: 8000, everyMs: 50 }) ?? []
  await kit.world.control.deleteFaultsById({ id: String(made.id) })
  const answer = await pending
  const delays = attempts.slice(1).map((e, i) => Math.round(atMs(e) - answeredMs(attempts[i]!)))
  const evidence = { requests: attempts.map(line), answers: [said(answer)] }
  if (attempts.length === 0) return notApplicable(`check-sync-status made no call on the integration to answer ${what} to (${said(answer)})`)
  if (attempts.length === 1) return fail(`the backend did not retry after ${what}`, { expected: 'retries with exponential backoff (up to 3)', got: 'one attempt', ...evidence })
  if (attempts.length > MAX_RETRIES + 1) return fail(`the backend retried ${attempts.length - 1}+ times after ${what}`, { expected: `at most ${MAX_RETRIES} retries`, got: `${attempts.length} attempts of the same request`, ...evidence })
  if (!grows(delays)) return fail(`the delays between retries after ${what} did not grow`, { expected: 'growing delays (exponential backoff)', got: `${delays.join(', ')} ms`, ...evidence })
  return pass(`after ${what}: ${attempts.length - 1} retries, ${delays.join(', ')} ms apart`)
}
