import type { Migration } from './migration.js'

/**
 * Webhooks: per-tenant targets and signature keys, the delivery outbox and journal (one row per event and
 * target, written in the transaction of the change that caused the event), and per-tenant delivery faults.
 */
export const webhooks: Migration = {
  id: 6,
  name: 'webhooks',
  sql: `
    CREATE TABLE webhook_keys (
      tenant_id INTEGER PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
      signature_key TEXT NOT NULL            -- generated once per tenant unless --webhook-secret is set
    ) WITHOUT ROWID;
    CREATE TABLE webhook_targets (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      tenant_id INTEGER NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      url TEXT NOT NULL,                     -- may hold a {category} placeholder
      events TEXT,                           -- JSON array of event names (or patterns with *); null: every event
      category TEXT,                         -- null: every category
      created_at INTEGER NOT NULL
    );
    CREATE INDEX webhook_targets_tenant ON webhook_targets(tenant_id, seq);
    -- No foreign key on the account: a deleted account's LinkedAccount.deleted must still be delivered.
    CREATE TABLE webhook_deliveries (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      tenant_id INTEGER NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      linked_account_id TEXT NOT NULL,
      event TEXT NOT NULL,
      target_id TEXT NOT NULL,
      url TEXT NOT NULL,                     -- placeholder already filled
      body TEXT NOT NULL,                    -- the exact bytes sent and signed
      signature TEXT NOT NULL,
      state TEXT NOT NULL,                   -- pending delivered failed dropped
      attempts TEXT NOT NULL DEFAULT '[]',   -- JSON: [{at, status_code, error, duration_ms}]
      faults TEXT NOT NULL DEFAULT '[]',     -- JSON: the fault kinds applied
      created_at INTEGER NOT NULL,
      next_attempt_at INTEGER,               -- epoch ms; null once final
      in_flight INTEGER NOT NULL DEFAULT 0,  -- an attempt is under way (cleared at start: resent after a crash)
      duplicate_of TEXT,
      redelivery_of TEXT
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries(state, in_flight, next_attempt_at, seq);
    CREATE INDEX webhook_deliveries_tenant ON webhook_deliveries(tenant_id, seq);
    CREATE TABLE webhook_faults (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      tenant_id INTEGER NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      kind TEXT NOT NULL,                    -- drop delay duplicate out_of_order wrong_signature
      remaining INTEGER,                     -- deliveries still to affect; null: every one until cleared
      count INTEGER,                         -- the count asked for (out_of_order spaces by it)
      fraction REAL,                         -- drop: the seeded share of deliveries affected
      delay_ms INTEGER,                      -- delay: how long; out_of_order: the spacing
      created_at INTEGER NOT NULL
    );
  `
}
