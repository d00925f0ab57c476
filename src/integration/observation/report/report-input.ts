import type { JournalEntry } from '../journal/journal-entry.js'

/** A linked account as the report needs it: no token, the end user only as fingerprints. */
export interface AccountSnapshot {
  readonly id: string
  /** Creation order. */
  readonly seq: number
  readonly category: string
  readonly originId: string
  readonly status: string
  readonly createdAt: number
  readonly completedAt: number | null
  readonly emailFp?: string | undefined
  readonly organizationFp?: string | undefined
}

/** One HTTP attempt of a webhook delivery. */
export interface WebhookAttempt {
  readonly deliveryId: string
  readonly event: string
  readonly accountId: string
  /** 1 for the first attempt. */
  readonly attempt: number
  readonly at: number
  readonly statusCode: number | null
  readonly error: string | null
  readonly durationMs: number
}

/** Everything a rule may read: one API key's journal (oldest first) and snapshots of its state. */
export interface ReportInput {
  readonly entries: readonly JournalEntry[]
  readonly accounts: readonly AccountSnapshot[]
  /** The automatic sync interval of the API key's accounts, ms. */
  readonly syncIntervalMs: number
  readonly webhookAttempts: readonly WebhookAttempt[]
}

export type Severity = 'error' | 'warning'

export interface Finding {
  readonly code: string
  readonly severity: Severity
  readonly title: string
  /** The spec's guidance, in one sentence. */
  readonly advice: string
  /** How many times it happened (occurrences, each with its own cited requests). */
  readonly count: number
  /** The requests that show it, bounded; the earliest occurrences first. */
  readonly requests: readonly JournalEntry[]
  readonly accounts: readonly string[]
  readonly deliveries: readonly WebhookAttempt[]
}

/** One instance of a misuse and what shows it. */
export interface Occurrence {
  readonly requests: readonly JournalEntry[]
  readonly accounts?: readonly (string | null)[]
  readonly deliveries?: readonly WebhookAttempt[]
}

export interface Rule {
  readonly code: string
  readonly severity: Severity
  readonly title: string
  readonly advice: string
  find(input: ReportInput): Occurrence[]
}

/** Cited requests (and deliveries) per finding: enough to see the pattern, bounded so a report stays small. */
export const MAX_CITED = 20
