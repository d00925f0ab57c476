import type { Migration } from './migration.js'

/**
 * Every finished sync run, for the dashboard's timeline: start, finish and result of each model's runs. Kept
 * bounded per account (the newest rows win), so a simulated month stays small. Numbered after issue #17 so
 * migrations other branches add meanwhile keep their own numbers.
 */
export const syncHistory: Migration = {
  id: 17,
  name: 'sync-history',
  sql: `
    CREATE TABLE sync_history (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      linked_account_id TEXT NOT NULL,
      model_id TEXT NOT NULL,
      started_at INTEGER NOT NULL,           -- epoch ms
      finished_at INTEGER NOT NULL,          -- epoch ms
      result TEXT NOT NULL,                  -- DONE PARTIALLY_SYNCED FAILED PAUSED
      was_initial INTEGER NOT NULL
    );
    CREATE INDEX sync_history_account ON sync_history(linked_account_id, seq);
  `
}
