import { Type } from '@sinclair/typebox'
import { Nullable } from '../../base/dialect/schemas.js'
import { JournalEntryView } from '../journal/schemas.js'

export const DeliveryAttemptView = Type.Object({
  delivery_id: Type.String(),
  event: Type.String(),
  linked_account_id: Type.String(),
  attempt: Type.Integer({ description: '1 for the first attempt' }),
  at: Type.String({ format: 'date-time' }),
  status_code: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  duration_ms: Type.Number()
})

export const FindingView = Type.Object({
  code: Type.String({ description: 'duplicate_link_attempts, token_reused, page_size_over_max, filters_changed_between_pages, modified_after_not_advancing, full_resync_instead_of_incremental, polling_too_often, calls_after_relink_needed, webhook_non_2xx, webhook_slow' }),
  severity: Type.Union([Type.Literal('error'), Type.Literal('warning')]),
  title: Type.String(),
  advice: Type.String({ description: 'the spec\'s guidance' }),
  count: Type.Integer({ description: 'occurrences' }),
  requests: Type.Array(JournalEntryView, { description: 'the journal entries that show it (at most 20), oldest first' }),
  accounts: Type.Array(Type.String(), { description: 'linked account ids concerned' }),
  deliveries: Type.Array(DeliveryAttemptView, { description: 'webhook attempts that show it (at most 20)' })
})

export const ReportView = Type.Object({
  generated_at: Type.String({ format: 'date-time' }),
  summary: Type.Object({
    requests: Type.Integer({ description: 'journal entries examined' }),
    from: Nullable(Type.String({ format: 'date-time' })),
    to: Nullable(Type.String({ format: 'date-time' })),
    accounts: Type.Integer({ description: 'linked accounts seen in the journal' }),
    webhook_attempts: Type.Integer(),
    findings: Type.Integer(),
    errors: Type.Integer({ description: 'findings of severity error' }),
    warnings: Type.Integer({ description: 'findings of severity warning' })
  }),
  findings: Type.Array(FindingView)
})
