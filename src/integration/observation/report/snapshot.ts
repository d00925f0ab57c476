import type { AccountService } from '../../base/accounts/account-service.js'
import { personFingerprint } from '../../../core/fingerprint.js'
import type { JournalStore } from '../journal/journal-store.js'
import type { SyncService } from '../../background/sync/sync-service.js'
import type { Tenant } from '../../base/tenants/tenant.js'
import type { FanOut } from '../../background/webhooks/fan-out.js'
import type { ReportInput, WebhookAttempt } from './report-input.js'

/** Webhook attempts kept per report: the newest this many, so a report over a long simulation stays bounded. */
export const MAX_ATTEMPTS = 60_000
const PAGE = 1000

export interface SnapshotSources {
  readonly journal: JournalStore
  readonly accounts: AccountService
  readonly sync: SyncService
  /** The outbox, also the journal of every delivery and its attempts. */
  readonly webhooks: Pick<FanOut, 'deliveries'>
}

/** One API key's journal and a snapshot of its state, with personal data reduced to fingerprints. */
export function reportInput (tenant: Tenant, s: SnapshotSources): ReportInput {
  const accounts = s.accounts.all(tenant).map((a) => ({
    id: a.id,
    seq: a.seq,
    category: a.category,
    originId: a.endUserOriginId,
    status: a.status,
    createdAt: a.createdAt,
    completedAt: a.completedAt,
    emailFp: personFingerprint(a.endUserEmailAddress),
    organizationFp: personFingerprint(a.endUserOrganizationName)
  }))
  return {
    entries: s.journal.entries(tenant.id),
    accounts,
    syncIntervalMs: s.sync.intervalFor(tenant.id),
    webhookAttempts: webhookAttempts(tenant, s.webhooks)
  }
}

function webhookAttempts (tenant: Tenant, webhooks: SnapshotSources['webhooks']): WebhookAttempt[] {
  const out: WebhookAttempt[] = []
  let afterSeq = 0
  for (;;) {
    const page = webhooks.deliveries(tenant.id, { afterSeq, limit: PAGE })
    for (const d of page) {
      d.attempts.forEach((a, i) => {
        out.push({ deliveryId: d.id, event: d.event, accountId: d.linkedAccountId, attempt: i + 1, at: a.at, statusCode: a.statusCode, error: a.error, durationMs: a.durationMs })
      })
    }
    if (page.length < PAGE) break
    afterSeq = page[page.length - 1]!.seq
    if (out.length > MAX_ATTEMPTS) out.splice(0, out.length - MAX_ATTEMPTS)
  }
  return out
}
