import type { SyncKind } from './sync-state.js'

/**
 * How long a simulated sync takes when nobody presets it. The real initial sync takes "minutes to hours",
 * growing with the data set; later syncs only move what changed, so they are short. Defaults:
 * - initial and FULL: 2 minutes plus 100 ms per record, at most 4 hours (a 200-person company's employees
 *   take about 2m20s, its timesheet entries about 5m20s);
 * - periodic and INCREMENTAL: 30 seconds plus 1 ms per record, at most 10 minutes.
 * `--initial-sync-duration` replaces the initial/FULL rule with one fixed duration for every model.
 */
export function defaultSyncDuration (kind: SyncKind, volume: number, initialOverride: number | null): number {
  if (kind === 'initial' || kind === 'full') {
    if (initialOverride !== null) return initialOverride
    return Math.min(120_000 + volume * 100, 4 * 3_600_000)
  }
  return Math.min(30_000 + volume, 10 * 60_000)
}

/** An initial or FULL sync writes its records in several passes as it goes, so data appears while it runs. */
export function passesFor (kind: SyncKind, initialPasses: number): number {
  return kind === 'initial' || kind === 'full' ? initialPasses : 1
}
