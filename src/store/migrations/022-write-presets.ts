import type { Migration } from './migration.js'

/**
 * Outcomes preset for the next writes (control API): the simulated third party refuses them with a problem
 * type, answers slowly, or accepts them with a warning. `remaining` counts the writes still to take the preset.
 */
export const writePresets: Migration = {
  id: 22,
  name: 'write-presets',
  sql: `
    CREATE TABLE write_presets (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      account_id TEXT,               -- null: every linked account of the tenant
      model_id TEXT,                 -- null: every model
      outcome TEXT NOT NULL,         -- fail | slow | warn
      problem_type TEXT NOT NULL,
      message TEXT NOT NULL,
      delay_ms INTEGER NOT NULL,
      remaining INTEGER NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX write_presets_by_tenant ON write_presets (tenant_id, id);
  `
}
