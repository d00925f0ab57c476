import type { Migration } from './migration.js'

/**
 * CRM custom objects, association types and associations written through the API (the generated ones are a
 * function of the account's custom object classes and are not stored): each belongs to one linked account.
 */
export const crmCustomObjects: Migration = {
  id: 26,
  name: 'crm-custom-objects',
  sql: `
    CREATE TABLE crm_custom_objects (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      class_id TEXT NOT NULL,
      remote_id TEXT NOT NULL,
      fields TEXT NOT NULL,          -- JSON: remote key name -> value
      created_at INTEGER NOT NULL
    );
    CREATE INDEX crm_custom_objects_by_class ON crm_custom_objects (account_id, class_id, created_at);
    CREATE TABLE crm_association_types (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      class_id TEXT NOT NULL,
      remote_id TEXT NOT NULL,
      body TEXT NOT NULL,            -- JSON: source_object_class, target_object_classes, remote_key_name, display_name, cardinality, is_required
      created_at INTEGER NOT NULL
    );
    CREATE INDEX crm_association_types_by_class ON crm_association_types (account_id, class_id, created_at);
    CREATE TABLE crm_associations (
      account_id TEXT NOT NULL,
      source_object TEXT NOT NULL,
      target_object TEXT NOT NULL,
      association_type TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      modified_at INTEGER NOT NULL,
      PRIMARY KEY (account_id, source_object, target_object, association_type)
    );
  `
}
