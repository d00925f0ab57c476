import type { Migration } from './migration.js'

/**
 * Service faults of the unified service: per tenant, checked in creation order on every request to /api and
 * /{category}/v1. Exhausted faults stay (remaining 0) so the control API can still show their hits.
 */
export const serviceFaults: Migration = {
  id: 7,
  name: 'service-faults',
  sql: `
    CREATE TABLE service_faults (
      id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused, even after a reset
      tenant_id INTEGER NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      kind TEXT NOT NULL,                    -- status latency reset hang quirk
      status INTEGER,                        -- kind status: the HTTP status answered
      retry_after INTEGER,                   -- kind status 429/503: the Retry-After seconds
      latency_ms INTEGER,                    -- kind latency: the wall-time delay
      quirk TEXT,                            -- kind quirk: its name
      scope_path TEXT,                       -- glob on the path the client sent (* matches anything)
      scope_method TEXT,
      scope_category TEXT,
      scope_account TEXT,                    -- linked account id
      scope_model TEXT,                      -- {category}.{ModelName}
      count INTEGER,                         -- the count asked for; null: no limit
      probability REAL,                      -- the seeded share of matching requests hit; null: every one
      remaining INTEGER,                     -- hits left; null: no limit
      hits INTEGER NOT NULL DEFAULT 0,
      draws INTEGER NOT NULL DEFAULT 0,      -- values taken from the fault's seeded stream (resumed after a restart)
      created_at INTEGER NOT NULL
    );
    CREATE INDEX service_faults_tenant ON service_faults(tenant_id, id);
  `
}
