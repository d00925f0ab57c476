import type { Migration } from './migration.js'

/**
 * Remote keys an organization generated (generate-key / regenerate-key) and the third-party webhook receivers
 * of each linked account (webhook-receivers), issue #15.
 */
export const keysAndReceivers: Migration = {
  id: 31,
  name: 'keys-and-receivers',
  sql: `
    CREATE TABLE remote_keys (
      tenant_id INTEGER NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      key TEXT NOT NULL,                     -- the current secret; regenerate replaces it
      created_at INTEGER NOT NULL,
      regenerated_at INTEGER,
      PRIMARY KEY (tenant_id, name)
    );
    CREATE TABLE webhook_receivers (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, -- creation order, the order of the list
      linked_account_id TEXT NOT NULL REFERENCES linked_accounts(id) ON DELETE CASCADE,
      event TEXT NOT NULL,
      is_active INTEGER NOT NULL,
      key TEXT,
      UNIQUE (linked_account_id, event)
    );
  `
}
