import { parseTimestamp } from '../../core/timestamps.js'
import type { SyncStatusRecord } from '../world.js'

/**
 * The spec's data readiness rules, computed from unimock's own sync status: which `sync_complete` answers the
 * rules allow. Where the spec's rules disagree, every reading passes:
 * - rule 4 (complete when every non-DISABLED model is neither SYNCING, FAILED nor PAUSED) against rules 1-3 (a
 *   model is ready when DONE, or DONE or PARTIALLY_SYNCED once its initial sync is over): a PARTIALLY_SYNCED
 *   model during the initial sync, and a later sync running, allow both answers;
 * - rule 3's "with FAILED or SYNCING, data from earlier successful syncs remains available": after the
 *   initial sync, a FAILED or SYNCING model may count as ready.
 */

export interface Allowed {
  /** The answers the rules allow: [false], [true] or both. */
  readonly answers: readonly boolean[]
  /** Which reading gives which answer, for the verdict. */
  readonly readings: string
}

const BLOCKING = new Set(['SYNCING', 'FAILED', 'PAUSED'])

export function allowedSyncComplete (states: readonly SyncStatusRecord[]): Allowed {
  const live = states.filter((s) => s.status !== 'DISABLED')
  const rule4 = live.every((s) => !BLOCKING.has(s.status))
  const strict = live.every((s) => s.status === 'DONE' || (!s.is_initial_sync && s.status === 'PARTIALLY_SYNCED'))
  const lenient = live.every((s) => s.status === 'DONE' || (!s.is_initial_sync && ['PARTIALLY_SYNCED', 'FAILED', 'SYNCING'].includes(s.status)))
  const answers = [...new Set([rule4, strict, lenient])].sort()
  const readings = answers.length === 1
    ? `every reading of the rules gives ${String(answers[0])}`
    : `rule 4 gives ${String(rule4)}, rules 1-3 give ${String(strict)}${lenient === strict ? '' : ` (${String(lenient)} counting data kept from earlier syncs)`}`
  return { answers, readings }
}

/** Which reading an answer follows, when the rules disagree. */
export function readingOf (answer: boolean, states: readonly SyncStatusRecord[]): string {
  const live = states.filter((s) => s.status !== 'DISABLED')
  const rule4 = live.every((s) => !BLOCKING.has(s.status))
  return answer === rule4 ? 'rule 4' : 'rules 1-3'
}

function micros (value: string): number | undefined {
  const parsed = parseTimestamp(value)
  return parsed.ok ? parsed.micros : undefined
}

/**
 * Whether `last_sync_time` names the service's latest last_sync_finished: the same instant, to the
 * microsecond or (for a backend that keeps milliseconds) to the millisecond. The latest of every model, or of
 * the enabled ones, both pass; null only when no model has finished a sync.
 */
export function lastSyncTimeMatches (answer: unknown, states: readonly SyncStatusRecord[]): { ok: boolean, expected: string } {
  const latest = (list: readonly SyncStatusRecord[]): number | undefined =>
    list.reduce<number | undefined>((best, s) => {
      const m = s.last_sync_finished === null ? undefined : micros(s.last_sync_finished)
      return m !== undefined && (best === undefined || m > best) ? m : best
    }, undefined)
  const candidates = [latest(states), latest(states.filter((s) => s.status !== 'DISABLED'))]
  const strings = states.map((s) => s.last_sync_finished).filter((s): s is string => s !== null).sort()
  const expected = strings.at(-1) ?? 'null'
  if (candidates.every((c) => c === undefined)) return { ok: answer === null || answer === undefined, expected }
  if (typeof answer !== 'string') return { ok: false, expected }
  const got = micros(answer)
  const ok = got !== undefined && candidates.some((c) => c !== undefined && (c === got || Math.floor(c / 1000) === Math.floor(got / 1000)))
  return { ok, expected }
}
