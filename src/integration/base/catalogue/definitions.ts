/**
 * What the catalogue defines: the categories, a model with its path segment, typed fields, expandable
 * relations and list filters, and the revisions of the real service's answers. catalogue.ts builds them from
 * fixtures/unified-models.json; nothing here is written per model.
 */

export { CATEGORIES as DATA_CATEGORIES } from './categories.js'
/** A category with models in the catalogue; which ones exist is data (fixtures/unified-categories.json). */
export type DataCategory = string

/** How a field is produced and typed. `ref` is an id of another record (inlined when expanded). */
export type Shape =
  | { readonly t: 'id' }
  | { readonly t: 'remote_id' }
  | { readonly t: 'created_at' }
  | { readonly t: 'modified_at' }
  | { readonly t: 'remote_was_deleted' }
  | { readonly t: 'field_mappings' }
  | { readonly t: 'remote_data' }
  | { readonly t: 'string', readonly format: string | undefined }
  | { readonly t: 'decimal' }
  | { readonly t: 'datetime' }
  | { readonly t: 'integer' }
  | { readonly t: 'number' }
  | { readonly t: 'boolean' }
  | { readonly t: 'enum', readonly values: readonly string[] }
  | { readonly t: 'enum-list', readonly values: readonly string[] }
  | { readonly t: 'string-list' }
  | { readonly t: 'object' }
  | { readonly t: 'object-list' }
  | { readonly t: 'any' }
  | { readonly t: 'remote-fields' }
  | { readonly t: 'ref', readonly target: string, readonly to: 'model' | 'sub', readonly many: boolean, readonly expandable: boolean }
  | { readonly t: 'embedded', readonly sub: string, readonly many: boolean }
  | { readonly t: 'embedded-model', readonly target: string, readonly many: boolean }

export interface FieldDef {
  readonly name: string
  readonly shape: Shape
  /** The spec's nullability; fields whose nullability the facts leave unknown are treated as nullable. */
  readonly nullable: boolean
}

export interface SubObjectDef {
  readonly category: DataCategory
  readonly name: string
  readonly fields: readonly FieldDef[]
}

/** A list filter the catalogue names for a model, resolved to what it compares. */
export type Filter =
  | { readonly kind: 'equals', readonly param: string, readonly field: string, readonly value: 'string' | 'boolean' }
  | { readonly kind: 'ref', readonly param: string, readonly field: string }
  /** Any of the comma-separated values is in the list (ids, strings, or a value of an embedded item). */
  | { readonly kind: 'contains', readonly param: string, readonly field: string }
  | { readonly kind: 'in', readonly param: string, readonly field: string }
  | { readonly kind: 'range', readonly param: string, readonly field: string, readonly bound: 'after' | 'before' }
  /** `include_<x>`: records whose boolean `is_<x>` is true are left out unless the parameter is true. */
  | { readonly kind: 'hidden-unless', readonly param: string, readonly field: string }
  /** `<x>=true`: only records whose relation `<x>_id` to their own model is null (a root message). */
  | { readonly kind: 'root', readonly param: string, readonly field: string }

export interface ModelDef {
  readonly category: DataCategory
  readonly name: string
  /** `{category}.{ModelName}`, the sync status `model_id`. */
  readonly id: string
  readonly segment: string
  readonly retrieve: boolean
  readonly inSdk: boolean
  readonly inSpec: boolean
  readonly fields: readonly FieldDef[]
  readonly listParams: readonly string[]
  readonly retrieveParams: readonly string[]
  readonly expandValues: readonly string[]
  /** Plain-match filters unimock applies. */
  readonly filters: readonly Filter[]
  /** Model-specific parameters of the real service that unimock does not simulate: a request using one is refused. */
  readonly unsupportedParams: readonly string[]
  /** Whether the generic time-window parameters (created_after ... remote_id) exist on this model. */
  readonly hasTimeFilters: boolean
  /** Listed only under a parent record (a chat Member: `conversations/{conversation_id}/members`), never on its own. */
  readonly nestedOnly: boolean
}

/**
 * A list of a model's records under one record of a parent (`/api/{category}/v1/{parent segment}/{param}/{tail}`):
 * the records the parent lists in its field `tail` (a conversation's members), or those whose relation `field`
 * names the parent (a message's replies name their root message).
 */
export interface NestedListDef {
  readonly category: DataCategory
  readonly parent: ModelDef
  readonly param: string
  readonly tail: string
  readonly model: ModelDef
  readonly scope: { readonly by: 'parent-list' | 'child-ref', readonly field: string }
}

/** Parameters every list endpoint handles itself, outside the model-specific filters. */
export const GENERIC_LIST_PARAMS = new Set([
  'cursor', 'page_size', 'include_deleted_data', 'include_remote_data', 'include_shell_data', 'include_remote_fields',
  'include_sensitive_fields', 'created_after', 'created_before', 'modified_after', 'modified_before', 'remote_id',
  'expand', 'remote_fields', 'show_enum_origins'
])

/** Fields the real service withholds unless `include_sensitive_fields=true`. */
export const SENSITIVE_FIELDS = new Set(['ssn'])

/**
 * Which revision of the real service's answers to serve. `4.0.4` (the default): what the official Node client
 * of that version knows, so a strict client parses every record; fields newer than it (crm `*_url`,
 * filestorage Drive `size`, marked `in_sdk: false` in the facts) are left out. `2026`: every field of the 2026
 * API export.
 */
export const API_REVISIONS = ['4.0.4', '2026'] as const
export type ApiRevision = typeof API_REVISIONS[number]
