/** fixtures/unified-models.json as scripts/derive-unified-models.mjs writes it: what the catalogue is built from. */

export interface RawField {
  readonly type?: string
  readonly format?: string
  readonly nullable: boolean | 'unknown'
  readonly enum?: readonly string[]
  readonly enum_ref?: string
  readonly items?: string
  readonly expandable_to?: string
  /** false: a field of the 2026 export the 4.0.4 client does not know. */
  readonly in_sdk?: boolean
}

export interface RawModel {
  readonly segment: string
  readonly retrieve: boolean
  readonly in_sdk: boolean
  readonly in_spec: boolean
  readonly list_query_params: readonly string[]
  readonly retrieve_query_params: readonly string[]
  readonly expand_values: readonly string[]
  readonly fields: Readonly<Record<string, RawField>>
  /** Set when the model is listed only under a parent record (`conversations/{conversation_id}/members`). */
  readonly list_path?: string
}

export interface RawCategory {
  readonly models: Readonly<Record<string, RawModel>>
  readonly sub_objects: Readonly<Record<string, { readonly fields: Readonly<Record<string, RawField>> }>>
  readonly nested_lists?: ReadonlyArray<{ readonly path: string, readonly model: string }>
}

export interface RawCatalogue {
  readonly categories: Readonly<Record<string, RawCategory>>
  readonly enums: Readonly<Record<string, readonly string[]>>
}
