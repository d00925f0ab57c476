import type { Migration } from './migration.js'

/**
 * Calendar's linked-account PATCH sets `ekm_enabled` (External Key Management) on an account, and a link token
 * may carry it: a per-account flag with no effect on data, off by default (the facts' proposal).
 */
export const ekmEnabled: Migration = {
  id: 38,
  name: 'ekm-enabled',
  sql: 'ALTER TABLE linked_accounts ADD COLUMN ekm_enabled INTEGER NOT NULL DEFAULT 0;'
}
