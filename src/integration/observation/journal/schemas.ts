import { Type, type Static } from '@sinclair/typebox'
import { Nullable } from '../../base/dialect/schemas.js'

const Fp = (what: string) => Type.Optional(Type.String({ description: `fingerprint (first 12 hex of SHA-256) of ${what}` }))

export const SyncBeforeView = Type.Object({
  models: Type.Integer({ description: 'enabled models' }),
  initial: Type.Integer({ description: 'still in their initial sync' }),
  failed: Type.Integer(),
  partial: Type.Integer(),
  paused: Type.Integer(),
  syncing: Type.Integer()
}, { description: 'the sync state a resync found' })

export const FacetsView = Type.Object({
  endpoint: Type.Optional(Type.String({ description: 'list, retrieve, sync-status, resync, link-token, account-token, exchange, account-details, delete-account, linked-accounts, widget-session, widget-connect, widget-exit, link-complete' })),
  model: Type.Optional(Type.String({ description: 'model_id of a data list or record' })),
  page_size: Type.Optional(Type.Number()),
  cursor_fp: Fp('the cursor sent'),
  next_fp: Type.Optional(Nullable(Type.String({ description: 'fingerprint of the next cursor answered' }))),
  previous_fp: Type.Optional(Nullable(Type.String({ description: 'fingerprint of the previous cursor answered' }))),
  modified_after: Type.Optional(Type.String()),
  modified_before: Type.Optional(Type.String()),
  sync_type: Type.Optional(Type.String()),
  target: Type.Optional(Type.String()),
  sync_before: Type.Optional(SyncBeforeView),
  category: Type.Optional(Type.String()),
  end_user_origin_id: Type.Optional(Type.String()),
  end_user_email_address_fp: Fp('end_user_email_address, lower-cased'),
  end_user_organization_name_fp: Fp('end_user_organization_name, lower-cased'),
  link_token_fp: Fp('the link token'),
  public_token_fp: Fp('the public token'),
  answer_fp: Fp('a sync-status page: equal answers mean nothing changed'),
  syncing: Type.Optional(Type.Boolean({ description: 'the sync-status page showed a model SYNCING' })),
  link_token_state: Type.Optional(Type.String({ description: 'READY, USED or EXPIRED once answered' })),
  account_status: Type.Optional(Type.String({ description: 'the linked account\'s status once answered' })),
  write: Type.Optional(Type.Object({
    outcome: Type.String({ description: 'written, refused (errors: nothing written), replayed (Idempotency-Key), conflict (key reused with another body), queued (bulk, async)' }),
    kind: Type.String({ description: 'create, partial_update, action, ignore, bulk_create, async_create' }),
    body_fp: Type.String({ description: 'fingerprint of the request body' }),
    idempotency_key_fp: Type.Optional(Type.String({ description: 'fingerprint of the Idempotency-Key' }))
  }))
})

export const JournalEntryView = Type.Object({
  id: Type.Integer({ description: 'stable; increases in the order requests finished' }),
  at: Type.String({ format: 'date-time', description: 'when the request arrived (the app\'s clock)' }),
  surface: Type.Union([Type.Literal('api'), Type.Literal('widget')]),
  method: Type.String(),
  path: Type.String({ description: 'as sent, tokens redacted' }),
  query: Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())]), { description: 'parsed; secrets and personal data as [redacted <fingerprint>]' }),
  status: Type.Integer({ description: 'the status answered; 0 when no answer was sent (a reset or hang fault, or the client gave up first)' }),
  error: Nullable(Type.String({ description: 'error code of an error answer' })),
  duration_ms: Type.Number({ description: 'wall time the server took' }),
  account_id: Nullable(Type.String()),
  facets: FacetsView
}, { title: 'control.JournalEntry' })
export type JournalEntryView = Static<typeof JournalEntryView>

export const JournalQuery = Type.Object({
  method: Type.Optional(Type.String({ description: 'GET, POST, ...' })),
  path: Type.Optional(Type.String({ description: 'a path prefix, or a glob with * and ?' })),
  status: Type.Optional(Type.String({ pattern: '^(0|[1-5][0-9][0-9]|[1-5][xX][xX])$', description: 'an exact status (404), a class (4xx), or 0: the requests that got no answer' })),
  account: Type.Optional(Type.String({ description: 'linked account id' })),
  since: Type.Optional(Type.String({ description: 'ISO 8601; entries at or after it' })),
  until: Type.Optional(Type.String({ description: 'ISO 8601; entries before it' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  after: Type.Optional(Type.Integer({ minimum: 0, description: 'the next value of the previous page' })),
  order: Type.Optional(Type.Union([Type.Literal('newest'), Type.Literal('oldest')], { default: 'newest' }))
})
export type JournalQuery = Static<typeof JournalQuery>

export const JournalPageView = Type.Object({
  entries: Type.Array(JournalEntryView),
  next: Nullable(Type.Integer({ description: 'pass as after= for the next page; null on the last' })),
  size: Type.Integer({ description: 'entries held for this API key' }),
  capacity: Type.Integer({ description: '--journal-size' }),
  dropped: Type.Integer({ description: 'oldest entries dropped to stay within capacity since the journal was last cleared' })
})

export const JournalCleared = Type.Object({ cleared: Type.Integer() })
