import type { Migration } from './migration.js'

export const sync: Migration = {
  id: 5,
  name: 'sync',
  sql: `
    -- One row per (linked account, model): the sync status record of the spec plus the run in progress.
    CREATE TABLE sync_states (
      linked_account_id TEXT NOT NULL REFERENCES linked_accounts(id) ON DELETE CASCADE,
      model_id TEXT NOT NULL,               -- {category}.{ModelName}
      model_name TEXT NOT NULL,
      position INTEGER NOT NULL,            -- catalogue order: the stable order of sync-status
      enabled INTEGER NOT NULL,
      status TEXT NOT NULL,                 -- SYNCING DONE FAILED DISABLED PARTIALLY_SYNCED PAUSED
      is_initial_sync INTEGER NOT NULL,
      last_sync_start INTEGER,              -- epoch ms, by the injected clock
      next_sync_start INTEGER,
      last_sync_finished INTEGER,           -- epoch MICROseconds: ordered strictly after the records it wrote
      last_sync_result TEXT,
      run_kind TEXT,                        -- initial | periodic | full | incremental, while a run is under way
      run_passes INTEGER,                   -- how many passes this run writes in
      run_done INTEGER,                     -- passes written so far
      run_outcome TEXT,                     -- how this run ends, fixed when it starts
      run_ends INTEGER,                     -- when the last pass falls due (or, for a settled-on-read run, when it ends)
      run_finish_us INTEGER,                -- a settled-on-read run's last_sync_finished, fixed when it starts
      preset_result TEXT,                   -- how the NEXT run ends (control API), consumed when it starts
      preset_duration INTEGER,
      round_done INTEGER NOT NULL DEFAULT 0, -- finished a run since the account's last account-wide completion
      PRIMARY KEY (linked_account_id, model_id)
    ) WITHOUT ROWID;
    CREATE TABLE sync_accounts (
      linked_account_id TEXT PRIMARY KEY REFERENCES linked_accounts(id) ON DELETE CASCADE,
      paused INTEGER NOT NULL DEFAULT 0,    -- no scheduled syncs while paused
      paused_reason TEXT,                   -- idle | control
      last_request_at INTEGER NOT NULL,     -- last inbound API request: two idle weeks pause the account
      round INTEGER NOT NULL DEFAULT 0      -- counts account-wide syncs, for LinkedAccount.sync_completed
    ) WITHOUT ROWID;
    -- The models the latest link token's common_models disabled, applied when the account finishes linking.
    CREATE TABLE sync_scopes (
      linked_account_id TEXT PRIMARY KEY REFERENCES linked_accounts(id) ON DELETE CASCADE,
      disabled_models TEXT NOT NULL         -- JSON array of model_ids
    ) WITHOUT ROWID;
    CREATE TABLE sync_settings (
      tenant_id INTEGER PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
      interval_ms INTEGER NOT NULL
    ) WITHOUT ROWID;
  `
}
