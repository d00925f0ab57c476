import type { Migration } from './migration.js'

/**
 * A record created through the raw vendor API (passthrough POST) before a sync pass has replayed it: the remote id
 * its answer gave and the body it was created with, so the vendor's API serves it at once (its GET and its list),
 * as a real vendor serves what it has just created.
 */
export const rawCreated: Migration = {
  id: 37,
  name: 'raw-created',
  sql: `
    ALTER TABLE data_remote_edits ADD COLUMN remote_id TEXT;
    ALTER TABLE data_remote_edits ADD COLUMN vendor_body TEXT;
  `
}
