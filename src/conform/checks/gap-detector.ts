import { parseTimestamp } from '../../core/timestamps.js'
import type { SeenPage } from '../page-recorder.js'

/**
 * The gap detector: every record the service holds (up to the backend's latest sync of the model) must have
 * reached the backend in the version the service holds now, or a later one. unimock knows each record's
 * modification (its modified_at) and which records each page gave the backend; a record the backend never
 * got, or got only in an older version, is a gap: the backend's copy misses a change the service announced.
 */

export interface TruthRecord {
  readonly id: string
  readonly modified_at: string
}

export interface Gap {
  readonly id: string
  /** The version the service holds. */
  readonly modifiedAt: string
  /** The latest version the backend got, or null when it never got the record. */
  readonly seen: string | null
}

const micros = (value: string): number => {
  const parsed = parseTimestamp(value)
  return parsed.ok ? parsed.micros : Number.NaN
}

/** The records of `truth` the backend's pages of `model` never carried in that version or a later one. */
export function findGaps (truth: readonly TruthRecord[], pages: readonly SeenPage[], model: string): Gap[] {
  const latest = new Map<string, { text: string, us: number }>()
  for (const page of pages) {
    if (page.model !== model) continue
    for (const r of page.records) {
      const us = micros(r.modifiedAt)
      const known = latest.get(r.id)
      if (known === undefined || us > known.us) latest.set(r.id, { text: r.modifiedAt, us })
    }
  }
  const gaps: Gap[] = []
  for (const r of truth) {
    const seen = latest.get(r.id)
    if (seen === undefined || seen.us < micros(r.modified_at)) gaps.push({ id: r.id, modifiedAt: r.modified_at, seen: seen?.text ?? null })
  }
  return gaps
}

/** Gaps in a few lines: how many, of which versions, a handful of ids. */
export function describeGaps (gaps: readonly Gap[], model: string): string {
  const versions = new Map<string, number>()
  for (const g of gaps) versions.set(g.modifiedAt, (versions.get(g.modifiedAt) ?? 0) + 1)
  const byVersion = [...versions].sort().map(([at, n]) => `${n} modified at ${at}`).join(', ')
  const sample = gaps.slice(0, 3).map((g) => `${g.id} (${g.seen === null ? 'never fetched' : `fetched as of ${g.seen}`})`).join(', ')
  return `${model}: ${gaps.length} record(s) missed (${byVersion}), e.g. ${sample}`
}
