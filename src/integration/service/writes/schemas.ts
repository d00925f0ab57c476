import { type TSchema, Type } from '@sinclair/typebox'
import { oncePer } from '../../../core/once-per.js'
import type { RequestField, WriteSurface } from './write-surface.js'

/**
 * TypeBox schemas of the write surface, built from the request definitions of the facts: they document the
 * bodies in /openapi.json. Bodies are not rejected by these schemas (the write pipeline validates them, to
 * answer in the real service's envelope); query strings and params are.
 */

export const WriteQuery = Type.Object({
  is_debug_mode: Type.Optional(Type.Boolean({ description: 'adds `logs`: one entry per call made to the third party' })),
  run_async: Type.Optional(Type.Boolean({ description: 'the third-party side of the write happens on the scheduler: the answer comes at once (a created record has remote_id null until then), then AsyncPost.completed' }))
})

export const Problem = Type.Object({
  source: Type.Optional(Type.Object({ pointer: Type.String() })),
  title: Type.String(),
  detail: Type.String(),
  problem_type: Type.String({ description: 'UNRECOGNIZED_FIELD, UNSUPPORTED_FIELD, MISSING_REQUIRED_FIELD, INCORRECT_FIELD_TYPE, INVALID_FIELD_CHOICE, DISABLED_MODEL_WRITE, PROVIDER_ERROR, ...' })
}, { title: 'unified.WriteProblem' })

export const DebugLog = Type.Object({
  log_id: Type.String(),
  dashboard_view: Type.String(),
  log_summary: Type.Object({ url: Type.String(), method: Type.String(), status_code: Type.Integer() })
}, { title: 'unified.DebugModeLog' })

/** `{model, warnings, errors, logs?}`: the answer of every write, the record as reads show it. */
export const Envelope = (record: TSchema, title: string): TSchema => Type.Object({
  model: record,
  warnings: Type.Array(Problem),
  errors: Type.Array(Problem),
  logs: Type.Optional(Type.Array(DebugLog))
}, { title })

/** The answer when `errors` is not empty: nothing was written. */
export const FailedWrite = Type.Object({
  model: Type.Null(),
  warnings: Type.Array(Problem),
  errors: Type.Array(Problem),
  logs: Type.Optional(Type.Array(DebugLog))
}, { title: 'unified.FailedWrite', description: 'errors: nothing was written (status 400)' })

export const MetaResponse = Type.Object({
  request_schema: Type.Object({}, { additionalProperties: true, description: 'a JSON Schema of the whole request body' }),
  status: Type.Object({ linked_account_status: Type.String(), can_make_request: Type.Boolean() }),
  has_conditional_params: Type.Boolean(),
  has_required_linked_account_params: Type.Boolean(),
  remote_field_classes: Type.Optional(Type.Object({}, { additionalProperties: true })),
  remote_fields: Type.Optional(Type.Array(Type.String(), { description: 'accounting: ids of remote fields to fill in' }))
}, { title: 'unified.MetaResponse' })

export class WriteSchemas {
  /** The schemas of the write surface, shared by every app of the process (the surface is immutable). */
  static readonly of = oncePer((writes: WriteSurface) => new WriteSchemas(writes))

  readonly #writes: WriteSurface
  readonly #built = new Map<string, TSchema>()

  constructor (writes: WriteSurface) {
    this.#writes = writes
  }

  /** A request definition as a schema, titled `{category}.{Name}` (its shared component). */
  request (category: string, name: string): TSchema {
    const key = `${category}.${name}`
    let schema = this.#built.get(key)
    if (schema === undefined) {
      const fields = this.#writes.request(category, name)
      const props: Record<string, TSchema> = {}
      for (const [field, def] of Object.entries(fields)) {
        const s = this.#field(category, def)
        props[field] = def.required === true ? s : Type.Optional(s)
      }
      schema = Type.Object(props, { title: `unified.${key}`, additionalProperties: true })
      this.#built.set(key, schema)
    }
    return schema
  }

  #field (category: string, def: RequestField): TSchema {
    const base = this.#base(category, def)
    // A field of no known type already takes null.
    return def.nullable && def.type !== 'any' ? Type.Union([base, Type.Null()]) : base
  }

  #base (category: string, def: RequestField): TSchema {
    switch (def.type) {
      case 'string': return def.format === undefined ? Type.String() : Type.String({ description: `format: ${def.format}` })
      case 'integer': return Type.Integer()
      case 'number': return Type.Number()
      case 'boolean': return Type.Boolean()
      case 'enum': {
        const values = this.#writes.enumValues(def) ?? []
        return Type.Unsafe<string>({ type: 'string', enum: [...values] })
      }
      case 'array': {
        const items = def.items ?? {}
        if (items.ref !== undefined) return Type.Array(this.request(category, items.ref))
        return Type.Array(this.#base(category, { type: items.type ?? 'string', nullable: false, ...(items.enum === undefined ? {} : { enum: items.enum }), ...(items.enum_ref === undefined ? {} : { enum_ref: items.enum_ref }), ...(items.anyOf === undefined ? {} : { anyOf: items.anyOf }) }))
      }
      case 'object': return def.ref === undefined ? Type.Object({}, { additionalProperties: true }) : this.request(category, def.ref)
      case 'union': return def.anyOf === undefined ? Type.Unknown({ description: 'any JSON value' }) : Type.Union(def.anyOf.map((member) => this.#base(category, member)))
      default: return Type.Unknown({ description: 'any JSON value' })
    }
  }
}

/** POST /_unimock/write-presets (and a scenario's write_preset step): what the next matching writes meet. */
export const NewPreset = Type.Object({
  outcome: Type.Union([Type.Literal('fail'), Type.Literal('slow'), Type.Literal('warn')], { description: 'fail: the third party refuses the write (nothing is written); slow: the answer takes delay_ms on the clock; warn: written, with a warning' }),
  model_id: Type.Optional(Type.String({ description: '{category}.{ModelName}; every model when absent' })),
  linked_account_id: Type.Optional(Type.String({ description: 'every linked account of the API key when absent' })),
  problem_type: Type.Optional(Type.String({ maxLength: 100, description: 'default PROVIDER_ERROR (fail) or WARNING (warn)' })),
  message: Type.Optional(Type.String({ maxLength: 2000 })),
  delay_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000, description: 'slow: default 5000' })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'how many writes take it; default 1' }))
}, { additionalProperties: false })
