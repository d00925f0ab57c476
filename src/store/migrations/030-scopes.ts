import type { Migration } from './migration.js'

/**
 * Common model scopes a linked account changed through POST linked-account-scopes (issue #15). READ lives in
 * the sync state (a model that may not be read never syncs); this table holds WRITE and the disabled fields.
 * A model without a row has the organization's defaults: everything enabled.
 */
export const scopes: Migration = {
  id: 30,
  name: 'scopes',
  sql: `
    CREATE TABLE linked_account_scopes (
      linked_account_id TEXT NOT NULL REFERENCES linked_accounts(id) ON DELETE CASCADE,
      model_name TEXT NOT NULL,              -- the bare common model name, e.g. Employee
      write_enabled INTEGER NOT NULL DEFAULT 1,
      disabled_fields TEXT NOT NULL DEFAULT '[]',  -- JSON array of field names that read as null
      PRIMARY KEY (linked_account_id, model_name)
    );
  `
}
