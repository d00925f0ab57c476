import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { AccountDetails } from '../../base/accounts/schemas.js'
import { Issue } from '../issues/schemas.js'
import { RemoteResponseSchema } from '../../third-party/remote/schemas.js'
import { Nullable } from '../../base/dialect/schemas.js'
import { SyncStatusRecord } from '../sync/schemas.js'
import { SYNC_OUTCOMES } from '../sync/sync-state.js'

/**
 * The bodies unimock POSTs to webhook targets, in the real service's shapes (facts §10): `hook` (which
 * target, which event), `linked_account` (the account as account-details shows it) and the event's `data`.
 * WEBHOOK_PAYLOADS maps each event to its body, for the OpenAPI document's `webhooks` section; a body sent
 * on demand with extra `data` fields (POST /_unimock/webhooks/send) is the one exception to them.
 */

const Hook = Type.Object({
  id: Type.String({ description: 'the target\'s id (GET /_unimock/webhooks/targets)' }),
  event: Type.String({ description: 'the event name, e.g. LinkedAccount.linked or Employee.synced' }),
  target: Type.String({ description: 'the URL posted to, {category} filled in' })
}, { additionalProperties: false })

const Integration = {
  integration_name: Nullable(Type.String()),
  integration_id: Nullable(Type.String({ description: 'the integration\'s slug' }))
}

export const LinkedData = Type.Object({
  is_relink: Type.Boolean(),
  ...Integration
}, { additionalProperties: false })

export const DeletedData = Type.Object(Integration, { additionalProperties: false })

export const ModelSyncedData = Type.Object({
  ...Integration,
  synced_fields: Type.Array(Type.String(), { description: 'the fields this sync wrote; empty when sent on demand' }),
  sync_status: SyncStatusRecord
}, { additionalProperties: false })

export const SyncCompletedData = Type.Object({
  is_initial_sync: Type.Boolean(),
  ...Integration,
  sync_status: Type.Record(Type.String({ description: 'model_id' }), Type.Object({
    last_sync_finished: Nullable(Type.String({ format: 'date-time' })),
    last_sync_result: Nullable(Type.Union(SYNC_OUTCOMES.map((o) => Type.Literal(o))))
  }, { additionalProperties: false }), { description: 'every enabled model' })
}, { additionalProperties: false })

/** AsyncPost.completed: the task as GET /accounting/v1/async-tasks/{id} shows it, with its id. */
export const AsyncPostData = Type.Object({
  task_id: Type.String(),
  status: Type.Union([Type.Literal('COMPLETED'), Type.Literal('FAILURE')]),
  result: Type.Object({
    status_code: Type.Integer({ description: 'what the synchronous write would have answered' }),
    response: Type.Unknown({ description: 'its body: {model, warnings, errors} or the errors' })
  }, { additionalProperties: false })
}, { additionalProperties: false })

/** AsyncBulkPost.completed: the batch as GET .../bulk/{batch_id} shows it. */
export const AsyncBulkPostData = Type.Object({
  batch_id: Type.String(),
  status: Type.Union([Type.Literal('SUCCESS'), Type.Literal('PARTIAL_SUCCESS'), Type.Literal('FAILED')]),
  total_count: Type.Integer(),
  objects: Type.Array(Type.Object({
    item_id: Type.String(),
    status: Type.Union([Type.Literal('SUCCESS'), Type.Literal('FAILURE')]),
    response: Type.Object({ merge_common_model_id: Type.Optional(Type.String()), error_message: Type.Optional(Type.String()) }, { additionalProperties: false })
  }, { additionalProperties: false }))
}, { additionalProperties: false })

/** AsyncPassthrough.resolved: the receipt and the RemoteResponse its poll now answers (the facts' proposal). */
export const AsyncPassthroughData = Type.Object({
  async_passthrough_receipt_id: Type.String({ format: 'uuid' }),
  ...RemoteResponseSchema.properties
}, { additionalProperties: false })

/** An Issue.* event's data: the issue as GET .../issues/{id} shows it (its own copy: the document titles schemas once). */
export const IssueData = Type.Object({ ...Issue.properties }, { additionalProperties: false })

/** A record event's data: the record as list and retrieve show it. */
export const RecordData = Type.Object({ id: Type.String() }, { additionalProperties: true, description: 'the record, as reads show it' })

export type LinkedData = Static<typeof LinkedData>
export type DeletedData = Static<typeof DeletedData>
export type ModelSyncedData = Static<typeof ModelSyncedData>
export type SyncCompletedData = Static<typeof SyncCompletedData>

const body = <D extends TSchema>(title: string, description: string, data: D) => Type.Object({
  hook: Hook,
  linked_account: AccountDetails,
  data
}, { additionalProperties: false, title, description })

/** Event name → the body of its deliveries. `{Model}.synced` stands for every model's event (Employee.synced, CRMAccount.synced ...). */
export const WEBHOOK_PAYLOADS = {
  'LinkedAccount.linked': body('webhook.LinkedAccountLinked', 'A linked account finished linking (is_relink: it had before)', LinkedData),
  'LinkedAccount.sync_completed': body('webhook.LinkedAccountSyncCompleted', 'Every enabled model of the account has synced since the last account-wide sync', SyncCompletedData),
  'LinkedAccount.deleted': body('webhook.LinkedAccountDeleted', 'A linked account was deleted; linked_account is its last state', DeletedData),
  '{Model}.synced': body('webhook.ModelSynced', 'One model of the account finished a sync', ModelSyncedData),
  '{Model}.added': body('webhook.RecordAdded', 'A record was created through the API (data: the record as reads show it)', RecordData),
  '{Model}.changed': body('webhook.RecordChanged', 'A record was changed through the API (data: the record as reads show it)', RecordData),
  '{Model}.removed': body('webhook.RecordRemoved', 'A record was ignored through the API (data: the record, its properties null)', RecordData),
  'AsyncPost.completed': body('webhook.AsyncPostCompleted', 'An async task or a run_async write finished at the third party', AsyncPostData),
  'AsyncBulkPost.completed': body('webhook.AsyncBulkPostCompleted', 'A bulk batch finished: every item written or refused', AsyncBulkPostData),
  'AsyncPassthrough.resolved': body('webhook.AsyncPassthroughResolved', 'An async passthrough has its answer: poll the receipt, or read it here', AsyncPassthroughData),
  'Issue.new': body('webhook.IssueNew', 'A problem of the account opened an issue (data: the issue as GET .../issues/{id} shows it)', IssueData),
  'Issue.reopened': body('webhook.IssueReopened', 'A resolved issue\'s problem came back (data: the issue)', IssueData),
  'Issue.resolved': body('webhook.IssueResolved', 'An issue resolved: a day without its problem, or a relink (data: the issue)', IssueData)
} as const

/** Record events: the suffix of their name, their key in WEBHOOK_PAYLOADS. */
const RECORD_EVENTS = { '.added': '{Model}.added', '.changed': '{Model}.changed', '.removed': '{Model}.removed' } as const

/** The schema of an event's body: the LinkedAccount.* ones by name, every other one a {Model}.synced. */
export function payloadSchema (event: string): TSchema | undefined {
  if (Object.hasOwn(WEBHOOK_PAYLOADS, event)) return WEBHOOK_PAYLOADS[event as keyof typeof WEBHOOK_PAYLOADS]
  if (event.startsWith('LinkedAccount.')) return undefined
  if (event.endsWith('.synced')) return WEBHOOK_PAYLOADS['{Model}.synced']
  const suffix = event.slice(event.lastIndexOf('.')) as keyof typeof RECORD_EVENTS
  return Object.hasOwn(RECORD_EVENTS, suffix) ? WEBHOOK_PAYLOADS[RECORD_EVENTS[suffix]] : undefined
}
