import type { Migration } from './migration.js'

/**
 * Each API key has its own time (#19): a job runs when its tenant's clock reaches its due time, so a job
 * names its tenant (NULL: the server's work, on the server's clock). Pending sync jobs of an earlier run get
 * their account's tenant; the one server-wide webhook dispatch job goes, since the dispatcher asks for one
 * per tenant with deliveries due when it resumes at start.
 */
export const tenantJobs: Migration = {
  id: 35,
  name: 'tenant-jobs',
  sql: `
    ALTER TABLE jobs ADD COLUMN tenant_id INTEGER;
    UPDATE jobs SET tenant_id = (SELECT tenant_id FROM linked_accounts WHERE id = json_extract(jobs.payload, '$.accountId'))
      WHERE kind IN ('sync.start', 'sync.pass');
    DELETE FROM jobs WHERE kind = 'webhooks.dispatch';
    CREATE INDEX jobs_tenant_due ON jobs(tenant_id, due_at, id);
    -- The dispatcher claims one tenant's due deliveries at a time.
    DROP INDEX webhook_deliveries_due;
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries(tenant_id, state, in_flight, next_attempt_at, seq);
  `
}
