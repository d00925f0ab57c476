import type { Migration } from './migration.js'

/**
 * Writes done later, on the scheduler: accounting bulk batches (`kind` bulk) and async POST tasks (`kind` task),
 * with their items, status and results; and Idempotency-Key records, which replay a write's first answer for 24 h.
 */
export const writeBatches: Migration = {
  id: 23,
  name: 'write-batches',
  sql: `
    CREATE TABLE write_batches (
      id TEXT PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      account_id TEXT NOT NULL,
      kind TEXT NOT NULL,            -- bulk | task
      op_key TEXT NOT NULL,          -- the create operation each item runs (METHOD /api/...)
      status TEXT NOT NULL,
      items TEXT NOT NULL,           -- JSON: bulk [{item_id, payload}], task {body}
      results TEXT,                  -- JSON once run
      created_at INTEGER NOT NULL
    );
    CREATE TABLE write_idempotency (
      tenant_id INTEGER NOT NULL,
      account_id TEXT NOT NULL,
      key TEXT NOT NULL,
      request_hash TEXT NOT NULL,
      status INTEGER NOT NULL,
      body TEXT,
      expires_at INTEGER NOT NULL,
      PRIMARY KEY (tenant_id, account_id, key)
    ) WITHOUT ROWID;
  `
}
