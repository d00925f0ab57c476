import type { JournalEntry } from '../journal/journal-entry.js'
import { type Finding, MAX_CITED, type ReportInput, type Rule, type WebhookAttempt } from './report-input.js'
import { callsAfterRelinkNeeded } from './rules/calls-after-relink.js'
import { duplicateCreates } from './rules/duplicate-creates.js'
import { duplicateLinkAttempts } from './rules/duplicate-link-attempts.js'
import { filtersChanged } from './rules/filters-changed.js'
import { fullResyncInsteadOfIncremental } from './rules/full-resync.js'
import { idempotencyKeyReused } from './rules/idempotency-conflict.js'
import { modifiedAfterNotAdvancing } from './rules/modified-after.js'
import { pageSizeOverMax } from './rules/page-size.js'
import { pollingTooOften } from './rules/polling.js'
import { asyncPassthroughPolledTooFast, repeatedDownloads } from './rules/remote-misuse.js'
import { tokenReuse } from './rules/token-reuse.js'
import { webhookNon2xx, webhookSlow } from './rules/webhook-answers.js'
import { writeErrorsIgnored } from './rules/write-errors-ignored.js'

/** Every rule, in the order findings are listed. */
export const RULES: readonly Rule[] = [
  duplicateLinkAttempts,
  tokenReuse,
  pageSizeOverMax,
  filtersChanged,
  modifiedAfterNotAdvancing,
  fullResyncInsteadOfIncremental,
  pollingTooOften,
  callsAfterRelinkNeeded,
  webhookNon2xx,
  webhookSlow,
  duplicateCreates,
  writeErrorsIgnored,
  idempotencyKeyReused,
  asyncPassthroughPolledTooFast,
  repeatedDownloads
]

export interface Report {
  readonly findings: readonly Finding[]
  readonly summary: {
    readonly requests: number
    readonly from: number | null
    readonly to: number | null
    readonly accounts: number
    readonly webhookAttempts: number
    readonly errors: number
    readonly warnings: number
  }
}

/** Runs every rule over one API key's journal and state; a rule with no occurrence yields no finding. */
export function buildReport (input: ReportInput, rules: readonly Rule[] = RULES): Report {
  const findings: Finding[] = []
  for (const rule of rules) {
    const occurrences = rule.find(input)
    if (occurrences.length === 0) continue
    const requests = new Map<number, JournalEntry>()
    const accounts = new Set<string>()
    const deliveries: WebhookAttempt[] = []
    for (const o of occurrences) {
      for (const e of o.requests) if (requests.size < MAX_CITED || requests.has(e.id)) requests.set(e.id, e)
      for (const a of o.accounts ?? []) if (a !== null) accounts.add(a)
      for (const d of o.deliveries ?? []) if (deliveries.length < MAX_CITED) deliveries.push(d)
    }
    findings.push({
      code: rule.code,
      severity: rule.severity,
      title: rule.title,
      advice: rule.advice,
      count: occurrences.length,
      requests: [...requests.values()].sort((a, b) => a.id - b.id),
      accounts: [...accounts],
      deliveries
    })
  }
  const entries = input.entries
  return {
    findings,
    summary: {
      requests: entries.length,
      from: entries[0]?.at ?? null,
      to: entries[entries.length - 1]?.at ?? null,
      accounts: new Set(entries.map((e) => e.accountId).filter((a) => a !== null)).size,
      webhookAttempts: input.webhookAttempts.length,
      errors: findings.filter((f) => f.severity === 'error').length,
      warnings: findings.filter((f) => f.severity === 'warning').length
    }
  }
}
