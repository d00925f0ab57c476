import { Type } from '@sinclair/typebox'
import { Nullable } from '../../base/dialect/schemas.js'

/** An issue as GET .../issues/{id} shows it, and as the Issue.* webhooks carry it. */
export const Issue = Type.Object({
  id: Type.String({ format: 'uuid' }),
  status: Type.String({ description: 'ONGOING or RESOLVED' }),
  error_description: Type.String(),
  end_user: Type.Record(Type.String(), Nullable(Type.String()), { description: 'the linked account and its end user' }),
  first_incident_time: Type.String({ format: 'date-time' }),
  last_incident_time: Type.String({ format: 'date-time' }),
  is_muted: Type.Boolean(),
  error_details: Type.Array(Type.String())
}, { title: 'unified.Issue' })
