import { activity, QUIET_MS, type Watched } from './activity.js'
import type { BackendAnswer } from './backend.js'
import { BackendFault } from './errors.js'
import { fetchesCarrying, type Fetch } from './fetches.js'
import type { Kit } from './kit.js'
import type { Linked } from './link-flow.js'
import { atMs, isList, type Entry } from './journal.js'
import { carries } from './marks.js'
import { pollQuietly } from './timing.js'

/**
 * Waits on the backend, judged by content: until a fetch carries a mark, or until an account has been quiet.
 * Time only bounds a wait here; it never decides what caused what.
 */


/** Resolves once nothing has happened on the account for `quietMs` (bounded by `timeoutMs`). */
export async function quietAccount (kit: Kit, account: Watched, quietMs = QUIET_MS, timeoutMs = 8000): Promise<void> {
  let seen = ''
  let from = kit.clock.now()
  await pollQuietly(kit.clock, async () => {
    const now = await activity(kit, account)
    if (now.fingerprint !== seen || kit.world.busy(account.accountToken)) { seen = now.fingerprint; from = kit.clock.now(); return undefined }
    return kit.clock.now() - from >= quietMs ? true : undefined
  }, { timeoutMs, everyMs: 30 })
}

/**
 * The account's fetches whose window ends at one of the marks, once at least one came and the account is
 * quiet; [] when none came within `timeoutMs`.
 */
export async function settleCarrying (kit: Kit, account: Watched, marks: readonly string[], timeoutMs = 4000): Promise<Fetch[]> {
  const carrying = async (): Promise<Fetch[]> => {
    const entries = await kit.journal.entries({ account: account.accountId })
    return marks.flatMap((m) => fetchesCarrying(entries, m))
  }
  // Complete or not: a fetch left before its last page is incremental.pagination's to judge; quiet is what counts here.
  const came = await pollQuietly(kit.clock, async () => {
    const fetches = await carrying()
    return fetches.length > 0 ? fetches : undefined
  }, { timeoutMs, everyMs: 30 })
  if (came === undefined) return []
  await quietAccount(kit, account)
  return await carrying()
}

/** How a backend came to fetch what a sync wrote. */
export interface Fetched {
  readonly fetches: Fetch[]
  /** webhook: by itself within moments (a delivery); check-sync-status: once asked; poll: its own poller (--poll-interval). */
  readonly how: 'webhook' | 'check-sync-status' | 'poll' | undefined
  /** check-sync-status's answer, when the kit asked. */
  readonly answer: BackendAnswer | undefined
}

/**
 * After a sync the kit started (its `last_sync_finished` values are the marks), the fetch that carries it: first as a
 * backend that listens to webhooks fetches (by itself), then after check-sync-status (a backend that polls when
 * asked), then, given --poll-interval, after the backend's own poll.
 */
export async function awaitFetch (kit: Kit, linked: Linked, marks: readonly string[], options: { readonly ask?: boolean } = {}): Promise<Fetched> {
  let fetches = await settleCarrying(kit, linked, marks, 1500)
  if (fetches.length > 0) return { fetches, how: 'webhook', answer: undefined }
  let answer: BackendAnswer | undefined
  if (options.ask !== false && linked.integrationId !== undefined) {
    try {
      answer = await kit.backend.call(linked.user, 'check-sync-status', { id: linked.integrationId })
    } catch (error) {
      if (!(error instanceof BackendFault)) throw error
    }
    fetches = await settleCarrying(kit, linked, marks, 3000)
    if (fetches.length > 0) return { fetches, how: 'check-sync-status', answer }
  }
  if (kit.pollMs !== undefined) {
    fetches = await settleCarrying(kit, linked, marks, pollWait(kit.pollMs))
    if (fetches.length > 0) return { fetches, how: 'poll', answer }
  }
  return { fetches: [], how: undefined, answer }
}

/**
 * Reads of the account since `from` that carry none of the marks: a backend that fetched, but sent back no
 * window end to tell which sync it fetched (a broken window: incremental.first-fetch or incremental.window).
 */
export async function unmarkedReads (kit: Kit, account: Watched, from: number, marks: readonly string[]): Promise<Entry[]> {
  return (await kit.journal.entries({ account: account.accountId })).filter((e) => isList(e) && atMs(e) >= from && !marks.some((m) => carries(e, m)))
}

/** The backend's poll interval plus a margin for a late timer and the fetch itself. */
export const pollWait = (pollMs: number): number => pollMs + Math.max(2000, pollMs / 4)
