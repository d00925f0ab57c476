import { Kind, Type, TypeRegistry, type Static, type TSchema } from '@sinclair/typebox'
import { CATEGORIES } from '../../base/catalogue/categories.js'

/**
 * Schemas of service faults. NewFaultBody is also the body of a scenario file's fault step, so it is
 * self-contained (no $ref, no import of other schemas) and strict: a misspelt field must be refused, not
 * dropped, or a fault meant for one path would hit every request.
 */

export const FAULT_KINDS = ['status', 'latency', 'reset', 'hang', 'quirk'] as const
export type FaultKind = typeof FAULT_KINDS[number]

export const FAULT_STATUSES = [401, 403, 404, 429, 500, 502, 503] as const
export type FaultStatus = typeof FAULT_STATUSES[number]

export const QUIRKS = ['sync_status_field_names'] as const
export type Quirk = typeof QUIRKS[number]

export const FAULT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const

// An enum rather than a union of literals: a wrong value then fails with one error on the field itself. Its
// kind is registered with TypeBox so TypeBox's own checker (scenario files embed this schema) knows it too.
const ENUM_KIND = 'UnimockEnum'
if (!TypeRegistry.Has(ENUM_KIND)) {
  TypeRegistry.Set<{ enum: readonly unknown[] }>(ENUM_KIND, (schema, value) => schema.enum.includes(value))
}
const oneOf = <T extends string | number>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ [Kind]: ENUM_KIND, type: typeof values[0] === 'number' ? 'integer' : 'string', enum: [...values], description })

export const FaultScope = Type.Object({
  path: Type.Optional(Type.String({
    pattern: '^/', minLength: 1, maxLength: 500, description: 'glob on the path the client sent, without the query; * matches any run of characters, e.g. /api/hris/v1/employees*'
  })),
  method: Type.Optional(oneOf(FAULT_METHODS, 'only requests with this method')),
  category: Type.Optional(oneOf(CATEGORIES, 'only requests under /api/{category}/ or /{category}/v1/')),
  account: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'only requests made with this linked account\'s account token (its id)' })),
  model: Type.Optional(Type.String({ pattern: '^[a-z]+\\.[A-Za-z]+$', description: 'only the list and retrieve endpoints of this model, e.g. hris.Employee' }))
}, { additionalProperties: false, description: 'which requests the fault applies to; every part given must match (none: every request)' })

export const NewFaultBody = Type.Object({
  kind: oneOf(FAULT_KINDS, 'status: answer an error; latency: delay the answer (wall time); reset: drop the connection; hang: never answer; quirk: a tolerated deviation'),
  status: Type.Optional(oneOf(FAULT_STATUSES, 'kind status: the status answered, with the real body shape')),
  retry_after: Type.Optional(Type.Integer({ minimum: 0, maximum: 3600, description: 'kind status 429 or 503: the Retry-After seconds (default 1)' })),
  latency: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'kind latency: how long, e.g. 500ms, 2s or PT2S (at most 10 minutes)' })),
  quirk: Type.Optional(oneOf(QUIRKS, 'kind quirk: sync_status_field_names renames model_name to model and last_sync_start to last_sync_started in GET sync-status')),
  scope: Type.Optional(FaultScope),
  count: Type.Optional(Type.Integer({ minimum: 1, description: 'apply to the next N matching requests; default every one until deleted' })),
  probability: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'apply to a seeded share of matching requests (with count: until count are hit)' }))
}, { additionalProperties: false })
export type NewFaultBody = Static<typeof NewFaultBody>

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

export const FaultView = Type.Object({
  id: Type.Integer({ description: 'DELETE /_unimock/faults/{id} removes it' }),
  kind: Type.String(),
  status: Nullable(Type.Integer()),
  retry_after: Nullable(Type.Integer()),
  latency_ms: Nullable(Type.Integer()),
  quirk: Nullable(Type.String()),
  scope: Type.Object({
    path: Nullable(Type.String()),
    method: Nullable(Type.String()),
    category: Nullable(Type.String()),
    account: Nullable(Type.String()),
    model: Nullable(Type.String())
  }),
  count: Nullable(Type.Integer()),
  probability: Nullable(Type.Number()),
  remaining: Nullable(Type.Integer({ description: 'hits left; null: no limit; 0: spent (kept to show its hits)' })),
  hits: Type.Integer({ description: 'requests the fault was applied to' }),
  created_at: Type.String({ format: 'date-time' })
})
export type FaultView = Static<typeof FaultView>
export const FaultList = Type.Object({ results: Type.Array(FaultView) })
export const FaultParams = Type.Object({ id: Type.Integer({ minimum: 1 }) })
export const FaultsDeleted = Type.Object({ deleted: Type.Integer() })
