import { Type, type Static } from '@sinclair/typebox'
import { Nullable } from '../../base/dialect/schemas.js'

export const TargetBody = Type.Object({
  url: Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2000, description: 'where to POST; {category} is replaced by the account\'s category' }),
  events: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, description: 'event names to send (a * matches anything, e.g. *.synced); default every event' })),
  category: Type.Optional(Type.String({ minLength: 1, description: 'only events of linked accounts of this category' }))
}, { additionalProperties: false })
export type TargetBody = Static<typeof TargetBody>

export const TargetView = Type.Object({
  id: Type.String({ description: 'the hook.id of every payload sent to this target' }),
  url: Type.String(),
  events: Nullable(Type.Array(Type.String())),
  category: Nullable(Type.String()),
  source: Type.Union([Type.Literal('flag'), Type.Literal('control')], { description: 'flag: --webhook-url, for every API key' }),
  created_at: Nullable(Type.String({ format: 'date-time' }))
})
export type TargetView = Static<typeof TargetView>
export const TargetList = Type.Object({ results: Type.Array(TargetView) })
export const TargetParams = Type.Object({ id: Type.String({ minLength: 1 }) })
export const TargetDeleteQuery = Type.Object({ url: Type.Optional(Type.String({ minLength: 1, description: 'only targets with exactly this url' })) })
export const Deleted = Type.Object({ deleted: Type.Integer() })

export const SignatureKey = Type.Object({
  key: Type.String({ description: 'HMAC-SHA256 key of X-Merge-Webhook-Signature (its UTF-8 bytes)' }),
  source: Type.Union([Type.Literal('flag'), Type.Literal('generated')]),
  header: Type.Literal('X-Merge-Webhook-Signature'),
  algorithm: Type.String()
})

export const DELIVERY_STATES = ['pending', 'delivered', 'failed', 'dropped'] as const
const DeliveryState = Type.Union(DELIVERY_STATES.map((s) => Type.Literal(s)))

export const AttemptView = Type.Object({
  at: Type.String({ format: 'date-time' }),
  status_code: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  duration_ms: Type.Integer()
})

export const DeliveryView = Type.Object({
  id: Type.String(),
  seq: Type.Integer({ description: 'journal order; pass as after= for the next page' }),
  event: Type.String(),
  linked_account_id: Type.String(),
  target_id: Type.String(),
  url: Type.String(),
  state: DeliveryState,
  created_at: Type.String({ format: 'date-time' }),
  next_attempt_at: Nullable(Type.String({ format: 'date-time' })),
  payload: Type.Unknown({ description: 'the JSON body sent' }),
  body: Type.String({ description: 'the exact bytes sent and signed' }),
  signature: Type.String(),
  attempts: Type.Array(AttemptView),
  faults: Type.Array(Type.String()),
  duplicate_of: Nullable(Type.String()),
  redelivery_of: Nullable(Type.String())
})
export type DeliveryView = Static<typeof DeliveryView>
export const DeliveryList = Type.Object({ results: Type.Array(DeliveryView), next_after: Nullable(Type.Integer()) })

export const DeliveryQuery = Type.Object({
  event: Type.Optional(Type.String({ minLength: 1 })),
  account: Type.Optional(Type.String({ minLength: 1, description: 'linked account id' })),
  state: Type.Optional(DeliveryState),
  after: Type.Optional(Type.Integer({ minimum: 0, description: 'seq of the last delivery of the previous page' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 }))
}, { additionalProperties: false })

export const FAULT_KINDS = ['drop', 'delay', 'duplicate', 'out_of_order', 'wrong_signature'] as const
export const FaultBody = Type.Object({
  kind: Type.Union(FAULT_KINDS.map((k) => Type.Literal(k))),
  count: Type.Optional(Type.Integer({ minimum: 1, description: 'affect the next N deliveries; default every one until cleared (out_of_order needs it)' })),
  fraction: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'affect a seeded share of deliveries' })),
  delay: Type.Optional(Type.String({ description: 'delay: how long to hold each delivery back; out_of_order: the spacing (default 1s)' }))
}, { additionalProperties: false })
export type FaultBody = Static<typeof FaultBody>

export const FaultView = Type.Object({
  id: Type.Integer({ description: 'DELETE /_unimock/webhooks/faults/{id} removes this fault alone' }),
  kind: Type.String(),
  remaining: Nullable(Type.Integer()),
  fraction: Nullable(Type.Number()),
  delay_ms: Nullable(Type.Integer()),
  created_at: Type.String({ format: 'date-time' })
})
export const FaultList = Type.Object({ results: Type.Array(FaultView) })
export const FaultParams = Type.Object({ id: Type.Integer({ minimum: 1 }) })

export const SendBody = Type.Object({
  event: Type.String({ minLength: 1, description: 'LinkedAccount.linked, LinkedAccount.sync_completed, LinkedAccount.deleted or {Model}.synced' }),
  linked_account_id: Type.String({ minLength: 1 }),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'fields merged over the generated data' }))
}, { additionalProperties: false })
export type SendBody = Static<typeof SendBody>
