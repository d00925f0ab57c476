import type { Migration } from './migration.js'

/**
 * Outcomes preset for the next passthrough calls (control API): the simulated third party fails with a status
 * of its own, or answers slowly (past the service's 55 s timeout, a 408). `path_prefix` narrows them to raw
 * paths that start with it; `remaining` counts the calls still to take the preset.
 */
export const passthroughPresets: Migration = {
  id: 25,
  name: 'passthrough-presets',
  sql: `
    CREATE TABLE passthrough_presets (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      account_id TEXT,               -- null: every linked account of the tenant
      path_prefix TEXT,              -- null: every raw path
      outcome TEXT NOT NULL,         -- fail | slow
      status INTEGER NOT NULL,       -- fail: the third party's status
      message TEXT NOT NULL,
      delay_ms INTEGER NOT NULL,
      remaining INTEGER NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX passthrough_presets_by_tenant ON passthrough_presets (tenant_id, id);
  `
}
