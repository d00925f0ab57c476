import { Type, type Static } from '@sinclair/typebox'
import { Nullable, PageSizeParam, Paginated } from '../../base/dialect/schemas.js'
import { SYNC_OUTCOMES, SYNC_STATUSES } from './sync-state.js'

const Timestamp = Nullable(Type.String({ format: 'date-time' }))

/** The spec's sync status record, as GET sync-status and the resync answer show it. */
export const SyncStatusRecord = Type.Object({
  model_name: Type.String({ description: 'e.g. Employee' }),
  model_id: Type.String({ description: '{category}.{ModelName}, e.g. hris.Employee' }),
  last_sync_start: Timestamp,
  next_sync_start: Timestamp,
  last_sync_result: Nullable(Type.Union(SYNC_OUTCOMES.map((o) => Type.Literal(o)))),
  last_sync_finished: Timestamp,
  status: Type.Union(SYNC_STATUSES.map((s) => Type.Literal(s))),
  is_initial_sync: Type.Boolean()
})
export type SyncStatusRecord = Static<typeof SyncStatusRecord>

export const SyncStatusPage = Paginated(SyncStatusRecord)

/**
 * The spec's shortened sample of the same page (`model` for `model_name`, `last_sync_started` for
 * `last_sync_start`): what GET sync-status answers under the control API's sync_status_field_names quirk,
 * declared so that an answer under the quirk still matches the document.
 */
export const SyncStatusSamplePage = Paginated(Type.Object(Object.fromEntries(Object.entries(SyncStatusRecord.properties).map(([key, schema]) =>
  [key === 'model_name' ? 'model' : key === 'last_sync_start' ? 'last_sync_started' : key, schema])), { title: 'unified.SyncStatusSample' }))

/** GET sync-status: the spec's schema, or its shortened sample under the sync_status_field_names quirk. */
export const SyncStatusAnswer = Type.Union([SyncStatusPage, SyncStatusSamplePage])

export const SyncStatusQuery = Type.Object({
  cursor: Type.Optional(Type.String()),
  page_size: Type.Optional(PageSizeParam())
})
export type SyncStatusQuery = Static<typeof SyncStatusQuery>

/** Optional: the official client sends no body at all (a FULL resync). sync_type is checked in the route for a clear message. */
export const ResyncBody = Nullable(Type.Object({
  sync_type: Type.Optional(Type.String({ description: 'FULL (default) or INCREMENTAL' })),
  target: Type.Optional(Type.String({ description: 'model_id to sync, required with INCREMENTAL' }))
}))
export type ResyncBody = Static<typeof ResyncBody>

export const ResyncAnswer = Type.Array(SyncStatusRecord, { description: 'the affected models\' sync status records (an array, as the real service answers)' })

/** Control API bodies. */
export const NextSyncBody = Type.Object({
  model_id: Type.Optional(Type.String()),
  result: Type.Union(SYNC_OUTCOMES.map((o) => Type.Literal(o))),
  duration: Type.Optional(Type.String({ description: 'how long the run takes: 90s, 15m, PT2H...' }))
}, { additionalProperties: false })
export type NextSyncBody = Static<typeof NextSyncBody>

export const SyncNowBody = Nullable(Type.Object({ model_id: Type.Optional(Type.String()) }, { additionalProperties: false }))

export const ModelEnabledBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false })

export const SyncIntervalBody = Type.Object({
  interval: Type.String({ description: 'the tenant\'s automatic sync interval: 5m, 24h, PT1H...' })
}, { additionalProperties: false })

export const SyncIntervalAnswer = Type.Object({ interval_ms: Type.Integer(), interval: Type.String() })

export const AccountSyncView = Type.Object({
  linked_account_id: Type.String(),
  paused: Type.Boolean(),
  sync_status: Type.Array(SyncStatusRecord)
})

/** Every linked account's sync view at once. */
export const TenantSyncView = Type.Object({ results: Type.Array(AccountSyncView) })

/** How many of an account's models are in each sync status (every status named, 0 when none). */
export const StatusCounts = Type.Object(Object.fromEntries(SYNC_STATUSES.map((s) => [s, Type.Integer({ minimum: 0 })])) as
  Record<typeof SYNC_STATUSES[number], ReturnType<typeof Type.Integer>>)

/**
 * Every linked account's models counted by sync status: the dashboard's overview (and a test's "is everything
 * DONE yet"), about a fortieth of the full view's bytes for accounts of 16 models.
 */
export const TenantSyncSummary = Type.Object({
  results: Type.Array(Type.Object({ linked_account_id: Type.String(), paused: Type.Boolean(), status_counts: StatusCounts }, { title: 'control.AccountSyncSummary' }))
})
export type TenantSyncSummary = Static<typeof TenantSyncSummary>

/** One finished sync run of one model, as the sync history keeps it. */
export const SyncHistoryRun = Type.Object({
  model_id: Type.String({ description: '{category}.{ModelName}' }),
  started_at: Type.String({ format: 'date-time' }),
  finished_at: Type.String({ format: 'date-time' }),
  result: Type.Union(SYNC_OUTCOMES.map((o) => Type.Literal(o))),
  was_initial_sync: Type.Boolean()
})

export const SyncHistoryView = Type.Object({
  linked_account_id: Type.String(),
  runs: Type.Array(SyncHistoryRun, { description: 'oldest first; the newest runs are kept, a bounded number per account' })
})
