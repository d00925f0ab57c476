import type { Migration } from './migration.js'

/**
 * The unified service's tenants, linked accounts and link-flow tokens, and the outbox of account events.
 * Tables of other unified-service domains reference linked_accounts(id) ON DELETE CASCADE, so deleting an
 * account (delete-account, reset) removes its data with it.
 */
export const integrationAccounts: Migration = {
  id: 2,
  name: 'integration-accounts',
  sql: `
    CREATE TABLE tenants (
      id INTEGER PRIMARY KEY,
      key_hash TEXT NOT NULL UNIQUE,       -- hex SHA-256 of the API key; the key itself is never stored
      account_type TEXT NOT NULL,          -- TEST for test_ keys, else PRODUCTION
      created_at INTEGER NOT NULL
    );
    CREATE TABLE linked_accounts (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,   -- creation order; list cursors point at it
      id TEXT NOT NULL UNIQUE,                 -- UUID
      tenant_id INTEGER NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      category TEXT NOT NULL,
      end_user_origin_id TEXT NOT NULL,
      end_user_organization_name TEXT,
      end_user_email_address TEXT,
      integration_slug TEXT,                   -- null until linking completes
      integration_name TEXT,
      status TEXT NOT NULL,                    -- COMPLETE INCOMPLETE RELINK_NEEDED IDLE
      account_type TEXT NOT NULL,
      account_token TEXT NOT NULL,             -- handed out again by every exchange: permanent across relinks
      account_token_hash TEXT NOT NULL UNIQUE, -- looked up by digest
      webhook_listener_key TEXT NOT NULL,
      created_at INTEGER NOT NULL,             -- epoch ms, by the injected clock
      completed_at INTEGER,
      UNIQUE (tenant_id, category, end_user_origin_id)
    );
    -- A deleted account's token answers "deleted" rather than "unknown".
    CREATE TABLE deleted_account_tokens (
      token_hash TEXT PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      deleted_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE link_tokens (
      token_hash TEXT PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      linked_account_id TEXT NOT NULL REFERENCES linked_accounts(id) ON DELETE CASCADE,
      integration_slug TEXT,               -- the preselected integration, if any
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER,
      outcome TEXT                         -- success | exit once used
    ) WITHOUT ROWID;
    CREATE INDEX link_tokens_account ON link_tokens(linked_account_id);
    CREATE TABLE public_tokens (
      token_hash TEXT PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      linked_account_id TEXT NOT NULL REFERENCES linked_accounts(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    ) WITHOUT ROWID;
    CREATE INDEX public_tokens_account ON public_tokens(linked_account_id);
    -- Outbox of linked-account events (LinkedAccount.linked, LinkedAccount.deleted) for webhook delivery.
    -- No foreign key on the account: a deleted account's events must outlive it.
    CREATE TABLE events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      tenant_id INTEGER NOT NULL,
      linked_account_id TEXT NOT NULL,
      event TEXT NOT NULL,
      data TEXT NOT NULL,                  -- JSON
      created_at INTEGER NOT NULL,
      due_at INTEGER NOT NULL,             -- when delivery may start
      delivered_at INTEGER                 -- set by the webhook sender once handled
    );
    CREATE INDEX events_due ON events(delivered_at, due_at, seq);
    CREATE INDEX events_tenant ON events(tenant_id, seq);
    -- How many times this database has been opened, so ids minted after a restart never repeat earlier ones.
    CREATE TABLE integration_meta (
      key TEXT PRIMARY KEY,
      value INTEGER NOT NULL
    ) WITHOUT ROWID;
  `
}
