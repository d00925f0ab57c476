import type { Migration } from './migration.js'

/**
 * The synced state of the simulated third-party data. Record content is regenerated from (seed, account,
 * model, index, version) on every read, so a record costs one narrow row: a million employees fit in tens of
 * megabytes and are written in seconds.
 */
export const unifiedData: Migration = {
  id: 3,
  name: 'unified-data',
  sql: `
    CREATE TABLE data_accounts (
      account_id TEXT PRIMARY KEY,         -- linked account id
      category TEXT NOT NULL,
      anchor_ms INTEGER NOT NULL           -- the instant the remote system is described from (first use), epoch ms
    );
    CREATE TABLE data_sets (
      id INTEGER PRIMARY KEY,
      account_id TEXT NOT NULL REFERENCES data_accounts(account_id) ON DELETE CASCADE,
      model_id TEXT NOT NULL,              -- {category}.{ModelName}
      initial_count INTEGER NOT NULL,      -- records the remote held at the anchor
      initial_written INTEGER NOT NULL DEFAULT 0,  -- indices [0, initial_written) have been synced
      applied_epoch INTEGER NOT NULL DEFAULT 0,    -- remote change epochs fully synced
      applied_ops INTEGER NOT NULL DEFAULT 0,      -- operations of epoch applied_epoch + 1 already synced
      remote_count INTEGER NOT NULL,       -- records the remote held before epoch applied_epoch + 1
      next_seq INTEGER NOT NULL DEFAULT 1, -- order of first sync: the pagination key
      rewrite_from INTEGER,                -- a FULL resync in progress: rows from this seq on still to rewrite
      last_stamp INTEGER NOT NULL DEFAULT 0,       -- latest modified_at written, microseconds
      UNIQUE (account_id, model_id)
    );
    CREATE TABLE data_records (
      set_id INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      idx INTEGER NOT NULL,                -- index in the generator: the id and remote_id encode it
      version INTEGER NOT NULL,            -- remote changes synced so far
      deleted INTEGER NOT NULL,            -- remote_was_deleted
      created_us INTEGER NOT NULL,         -- created_at, microseconds
      modified_us INTEGER NOT NULL,        -- modified_at, microseconds
      PRIMARY KEY (set_id, seq)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX data_records_by_idx ON data_records (set_id, idx);
    CREATE INDEX data_records_by_modified ON data_records (set_id, modified_us);
  `
}
