import type { Migration } from './migration.js'

/**
 * The simulated third party's own API (passthrough): a change or delete made through it lands on the record
 * named in the path (target_idx), where the edits of the control API pick theirs by hash. Async passthrough
 * receipts keep the request until the scheduler's job answers it, then its RemoteResponse. Field mappings
 * (per linked account) and organization-wide target fields (per tenant) map the third party's fields.
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
    CREATE TABLE field_mappings (
      id TEXT PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      account_id TEXT NOT NULL REFERENCES linked_accounts(id) ON DELETE CASCADE,
      model_id TEXT NOT NULL,           -- {category}.{ModelName}
      target_name TEXT NOT NULL,
      target_description TEXT NOT NULL,
      organization_wide INTEGER NOT NULL,
      remote_method TEXT NOT NULL,
      remote_url_path TEXT NOT NULL,
      traversal_path TEXT NOT NULL,     -- JSON array of keys into the raw record
      jmes_path TEXT,
      applied INTEGER NOT NULL DEFAULT 0 -- 1 once a sync of the model has run since the last change
    );
    CREATE TABLE target_fields (
      tenant_id INTEGER NOT NULL,
      model_id TEXT NOT NULL,
      name TEXT NOT NULL,
      description TEXT NOT NULL,
      PRIMARY KEY (tenant_id, model_id, name)
    );
  `
}
