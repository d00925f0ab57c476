import type { Migration } from './migration.js'

/** The organization's audit trail (GET audit-trail), one row per recorded action, in the order they happened. */
export const auditTrail: Migration = {
  id: 32,
  name: 'audit-trail',
  sql: `
    CREATE TABLE audit_events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      tenant_id INTEGER NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      event_type TEXT NOT NULL,
      event_description TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX audit_events_tenant ON audit_events(tenant_id, seq);
  `
}
