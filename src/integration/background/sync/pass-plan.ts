import type { SyncPass } from './sync-data-port.js'

/** Which pass of which run: all that decides how much the pass writes. */
export type PassStep = Pick<SyncPass, 'kind' | 'pass' | 'passes' | 'partial'>

/** How one pass of a run writes, before anything is counted. */
export interface PassPlan {
  /** A FULL run's first pass marks every live record to be written again, so it counts as pending from then on. */
  readonly rewrite: boolean
  /** The last pass of a complete run writes whatever is pending: no need to count it first. */
  readonly all: boolean
}

/**
 * A run of N passes spreads what is pending evenly, so the last pass writes the rest; a PARTIALLY_SYNCED
 * run's last pass writes only half of what is left, which stays pending for the next sync (the data service
 * resumes exactly where a pass stopped).
 */
export function planPass (step: PassStep): PassPlan {
  return { rewrite: step.kind === 'full' && step.pass === 1, all: step.pass === step.passes && !step.partial }
}

/** How many of the `pending` records a pass that does not write them `all` writes (0: none). */
export function passRecords (step: PassStep, pending: number): number {
  if (step.partial && step.pass === step.passes) return Math.floor(pending / 2)
  return Math.ceil(pending / (step.passes - step.pass + 1))
}
