import type { LoadedScenario } from './loader.js'
import type { ScenarioAnswer } from './port.js'

export type RunState = 'running' | 'passed' | 'failed' | 'error'
export type StepState = 'pending' | 'done' | 'failed' | 'error' | 'skipped'

export interface CheckResult {
  readonly check: string
  readonly ok: boolean
  readonly expected: string
  readonly actual: string
}

export interface StepResult {
  readonly step: number
  readonly at: string
  readonly dueAt: number
  readonly action: string | null
  readonly note: string | null
  state: StepState
  ranAt: number | null
  detail: string | null
  checks: CheckResult[]
  /** Answers of the step's request, by status. */
  responses: Record<string, number> | null
  /** The last answer of the step's request, for last_response checks (not shown in the run's view). */
  lastAnswer: ScenarioAnswer | null
}

export interface RunAccount {
  readonly id: string
  accountToken: string | null
}

/**
 * What a run changed beyond its own accounts, so it can put it back when it ends: the tenant's sync interval
 * before the run first set it, and the webhook targets, faults and write presets it added.
 */
export interface RunChanges {
  syncInterval: string | null
  readonly webhookTargets: string[]
  readonly webhookFaults: number[]
  readonly serviceFaults: number[]
  readonly writePresets: number[]
}

/** One run of a scenario, kept in memory (a run's API key is never written to the database). */
export interface Run {
  readonly id: string
  readonly tenantId: number
  readonly source: string
  readonly loaded: LoadedScenario
  readonly authorization: string
  readonly startedAt: number
  readonly endsAt: number
  state: RunState
  finishedAt: number | null
  readonly accounts: Map<string, RunAccount>
  readonly steps: StepResult[]
  readonly changes: RunChanges
}
