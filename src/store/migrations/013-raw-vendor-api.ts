import type { Migration } from './index.js'

/**
 * The simulated third party's own API (passthrough): a change or delete made through it lands on the record
 * named in the path (target_idx), where the edits of the control API pick theirs by hash. Async passthrough
 * receipts keep the request until the scheduler's job answers it, then its RemoteResponse.
 */
export const rawVendorApi: Migration = {
  id: 13,
  name: 'raw-vendor-api',
  sql: `
    ALTER TABLE data_remote_edits ADD COLUMN target_idx INTEGER;
    CREATE TABLE async_passthrough_receipts (
      id TEXT PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      account_id TEXT NOT NULL REFERENCES linked_accounts(id) ON DELETE CASCADE,
      request TEXT NOT NULL,          -- the DataPassthroughRequest, JSON
      response TEXT,                  -- the RemoteResponse, JSON; null while pending
      created_at INTEGER NOT NULL,
      last_poll_at INTEGER            -- for the one-poll-per-10-seconds rule
    );
  `
}
