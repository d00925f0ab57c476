import type { Migration } from './migration.js'

/**
 * Editable default scopes (issue #15). The organization's defaults per category and model, which the real
 * service edits in its dashboard and unimock through the control API; and each linked account's own scopes
 * become overrides of them: NULL permissions and the two field lists say what the account inherits.
 * The account's READ was the sync state alone; a model the account turned off (linked-account-scopes or the
 * link's common_models) becomes its own READ off, so a change of the defaults leaves it alone.
 */
export const defaultScopes: Migration = {
  id: 34,
  name: 'default-scopes',
  sql: `
    CREATE TABLE default_scopes (
      tenant_id INTEGER NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      category TEXT NOT NULL,
      model_name TEXT NOT NULL,              -- the bare common model name, e.g. Employee
      read_enabled INTEGER NOT NULL DEFAULT 1,
      write_enabled INTEGER NOT NULL DEFAULT 1,
      disabled_fields TEXT NOT NULL DEFAULT '[]',  -- JSON array of field names that read as null
      PRIMARY KEY (tenant_id, category, model_name)
    ) WITHOUT ROWID;
    CREATE TABLE account_scope_overrides (
      linked_account_id TEXT NOT NULL REFERENCES linked_accounts(id) ON DELETE CASCADE,
      model_name TEXT NOT NULL,
      read_enabled INTEGER,                  -- NULL: the default's
      write_enabled INTEGER,                 -- NULL: the default's
      enabled_fields TEXT NOT NULL DEFAULT '[]',   -- enabled for this account whatever the default
      disabled_fields TEXT NOT NULL DEFAULT '[]',  -- disabled for this account whatever the default
      PRIMARY KEY (linked_account_id, model_name)
    ) WITHOUT ROWID;
    INSERT INTO account_scope_overrides (linked_account_id, model_name, write_enabled, disabled_fields)
      SELECT linked_account_id, model_name, CASE write_enabled WHEN 0 THEN 0 END, disabled_fields FROM linked_account_scopes;
    INSERT INTO account_scope_overrides (linked_account_id, model_name, read_enabled)
      SELECT linked_account_id, model_name, 0 FROM sync_states WHERE enabled = 0 AND true
      ON CONFLICT (linked_account_id, model_name) DO UPDATE SET read_enabled = 0;
    DROP TABLE linked_account_scopes;
  `
}
