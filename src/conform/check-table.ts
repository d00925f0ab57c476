import { incrementalFamily } from './checks/incremental.js'
import { deleteFamily } from './checks/delete.js'
import { exchangeOnceFamily } from './checks/exchange-once.js'
import { linkFamily } from './checks/link.js'
import { loginFamily } from './checks/login.js'
import { noPendingFamily } from './checks/no-pending.js'
import { openStatusesFamily } from './checks/open-statuses.js'
import { paginationFamily } from './checks/pagination.js'
import { pollingFamily } from './checks/polling.js'
import { readinessFamily } from './checks/readiness.js'
import { relinkFamily } from './checks/relink.js'
import { resilienceFamily } from './checks/resilience.js'
import { secretsFamily } from './checks/secrets.js'
import { webhookFamily } from './checks/webhooks.js'
import type { Family } from './family.js'
import { pageFamily } from './page/family.js'
import type { CheckDef } from './verdict.js'

/** Every family of checks. */
export const FAMILIES: readonly Family[] = [
  noPendingFamily, linkFamily, loginFamily, pollingFamily, readinessFamily, webhookFamily, incrementalFamily, resilienceFamily, relinkFamily, deleteFamily,
  paginationFamily, exchangeOnceFamily, secretsFamily, openStatusesFamily, pageFamily
]

/**
 * The families a run needs for the chosen checks (all of them without --only): each family with a chosen
 * check, and what those need, in catalogue order.
 */
export function familiesFor (only: ReadonlySet<string> | undefined): Family[] {
  if (only === undefined) return [...FAMILIES]
  const wanted = new Set(FAMILIES.filter((f) => f.checks.some((c) => only.has(c.id))).map((f) => f.name))
  for (let grew = true; grew;) {
    grew = false
    for (const f of FAMILIES) {
      if (!wanted.has(f.name)) continue
      for (const n of f.needs ?? []) if (!wanted.has(n)) { wanted.add(n); grew = true }
    }
  }
  return FAMILIES.filter((f) => wanted.has(f.name))
}

/**
 * The order checks are reported in: docs/conformance.md's tables, the page's last. Kept by hand because the
 * families run in another order; test/conform/check-order.test.ts names any check missing here (it would
 * otherwise be reported first, silently) and any id here no family has.
 */
export const ORDER: readonly string[] = [
  'link.fresh-token', 'link.origin-id-reused', 'link.active-rejected',
  'exchange.once', 'exchange.integration-name', 'exchange.missing-token', 'exchange.no-pending', 'routes.login-required', 'routes.open-statuses',
  'secrets.not-exposed',
  'readiness.sync-complete', 'readiness.initial-fetch', 'readiness.last-sync-time',
  'webhook.processed', 'webhook.signature', 'webhook.replay', 'webhook.stale', 'webhook.unknown-integration',
  'incremental.first-fetch', 'incremental.window', 'incremental.pagination', 'incremental.no-gaps',
  'relink.marks-error', 'relink.same-origin-id', 'relink.reactivates', 'delete.service-first',
  'resilience.retry-after', 'resilience.backoff', 'resilience.polling',
  'page.business-wording', 'page.fresh-token-per-click', 'page.opens-when-ready', 'page.reset-on-exit', 'page.reset-on-error',
  'page.exchange-on-success', 'page.reconnect', 'page.delete', 'page.no-secrets'
]

/** Every check with its id and the spec rule it cites, in report order. */
export const CHECKS: readonly CheckDef[] = FAMILIES.flatMap((f) => f.checks).sort((a, b) => ORDER.indexOf(a.id) - ORDER.indexOf(b.id))
