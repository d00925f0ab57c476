import type { Migration } from './migration.js'

/** Issues (GET issues): one row per problem per linked account, reopened on a repeat after it resolved. */
export const issues: Migration = {
  id: 33,
  name: 'issues',
  sql: `
    CREATE TABLE issues (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      tenant_id INTEGER NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      linked_account_id TEXT NOT NULL REFERENCES linked_accounts(id) ON DELETE CASCADE,
      problem TEXT NOT NULL,                 -- what went wrong: credentials, sync-failed, ...
      status TEXT NOT NULL,                  -- ONGOING or RESOLVED
      error_description TEXT NOT NULL,
      error_details TEXT NOT NULL,           -- JSON array of strings
      first_incident_time INTEGER NOT NULL,
      last_incident_time INTEGER NOT NULL,
      UNIQUE (linked_account_id, problem)
    );
  `
}
