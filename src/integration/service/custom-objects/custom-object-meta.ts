import { CARDINALITIES, type Json, type ObjectClass, ORIGIN_TYPES } from './custom-objects.js'

/* The /meta/post answers of the writes under a custom object class: the request's JSON Schema, from the class. */

const JSON_TYPE: Readonly<Record<string, Json>> = {
  number: { type: 'number' }, bool: { type: 'boolean' }, date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' }, list: { type: 'array' }
}

/** MetaResponse of a write under a class: the request's JSON Schema, and the account's status. */
function meta (requestSchema: Json, accountStatus: string): Json {
  return {
    request_schema: requestSchema,
    status: { linked_account_status: accountStatus, can_make_request: accountStatus === 'COMPLETE' },
    has_conditional_params: false,
    has_required_linked_account_params: false,
    remote_field_classes: {}
  }
}

/** GET .../custom-objects/meta/post: `model.fields` holds one property per field of the class, the required ones required. */
export function customObjectMeta (c: ObjectClass, accountStatus: string): Json {
  const named = c.fields.filter((f) => typeof f.remote_key_name === 'string')
  const fields = {
    type: 'object',
    properties: Object.fromEntries(named.map((f) => [f.remote_key_name, { ...(JSON_TYPE[f.field_type ?? ''] ?? { type: 'string' }), title: f.display_name ?? f.remote_key_name }])),
    required: named.filter((f) => f.is_required === true).map((f) => f.remote_key_name)
  }
  return meta({ type: 'object', properties: { model: { type: 'object', properties: { fields }, required: ['fields'] } }, required: ['model'] }, accountStatus)
}

/** GET .../association-types/meta/post: the AssociationTypeRequest. */
export function associationTypeMeta (accountStatus: string): Json {
  const description = { type: 'object', properties: { id: { type: 'string' }, origin_type: { type: 'string', enum: [...ORIGIN_TYPES] } }, required: ['id', 'origin_type'] }
  const model = {
    type: 'object',
    properties: {
      source_object_class: description,
      target_object_classes: { type: 'array', items: description, minItems: 1 },
      remote_key_name: { type: 'string' },
      display_name: { type: 'string' },
      cardinality: { type: 'string', enum: [...CARDINALITIES] },
      is_required: { type: 'boolean' }
    },
    required: ['source_object_class', 'target_object_classes', 'remote_key_name']
  }
  return meta({ type: 'object', properties: { model }, required: ['model'] }, accountStatus)
}
