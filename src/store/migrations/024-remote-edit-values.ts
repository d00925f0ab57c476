import type { Migration } from './migration.js'

/**
 * What a create or change through the raw vendor API (passthrough) sent: the values, by common-model field, that
 * the record takes when a sync pass replays the edit (JSON; null for edits made by the churn controls).
 */
export const remoteEditValues: Migration = {
  id: 24,
  name: 'remote-edit-values',
  sql: `
    ALTER TABLE data_remote_edits ADD COLUMN fields TEXT;
  `
}
