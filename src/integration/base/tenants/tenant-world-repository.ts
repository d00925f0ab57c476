import type { Db } from '../../../store/database.js'

/** The tables whose rows hang off the tenant's own row. */
const TENANT_TABLES = ['link_tokens', 'public_tokens', 'audit_events', 'default_scopes', 'issues', 'remote_keys', 'service_faults',
  'sync_settings', 'webhook_deliveries', 'webhook_faults', 'webhook_keys', 'webhook_targets']

/** The ids of a tenant's linked accounts, for the tables that name an account but not its tenant. */
const ACCOUNTS = 'SELECT id FROM linked_accounts WHERE tenant_id = @t'

/**
 * Deletes one API key's world (#19: a reset with a key): every row of the tenant and of its accounts. The
 * tenant's own row stays, so the key keeps its tenant id: a dashboard's live stream and the key's clock
 * follow it across the reset. Run inside the caller's transaction.
 */
export class TenantWorldRepository {
  readonly #statements

  constructor (db: Db) {
    this.#statements = [
      `DELETE FROM data_records WHERE set_id IN (SELECT id FROM data_sets WHERE account_id IN (${ACCOUNTS}))`,
      `DELETE FROM data_accounts WHERE account_id IN (${ACCOUNTS})`,
      `DELETE FROM crm_association_types WHERE account_id IN (${ACCOUNTS})`,
      `DELETE FROM crm_associations WHERE account_id IN (${ACCOUNTS})`,
      `DELETE FROM crm_custom_objects WHERE account_id IN (${ACCOUNTS})`,
      `DELETE FROM sync_history WHERE linked_account_id IN (${ACCOUNTS})`,
      'DELETE FROM events WHERE tenant_id = @t',
      'DELETE FROM target_fields WHERE tenant_id = @t',
      'DELETE FROM deleted_account_tokens WHERE tenant_id = @t',
      'DELETE FROM write_idempotency WHERE tenant_id = @t',
      'DELETE FROM write_batches WHERE tenant_id = @t',
      'DELETE FROM write_presets WHERE tenant_id = @t',
      'DELETE FROM passthrough_presets WHERE tenant_id = @t',
      'DELETE FROM async_passthrough_receipts WHERE tenant_id = @t',
      'DELETE FROM field_mappings WHERE tenant_id = @t',
      // Accounts cascade to what hangs off them (tokens, sync state, scopes, issues, receivers...).
      'DELETE FROM linked_accounts WHERE tenant_id = @t',
      ...TENANT_TABLES.map((table) => `DELETE FROM ${table} WHERE tenant_id = @t`)
    ].map((sql) => db.prepare(sql))
  }

  delete (tenantId: number): void {
    for (const statement of this.#statements) statement.run({ t: tenantId })
  }
}
