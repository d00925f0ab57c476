import { Type, type Static } from '@sinclair/typebox'

export const Health = Type.Object({ status: Type.Literal('ok'), version: Type.String() })

export const ClockState = Type.Object({
  now: Type.String({ format: 'date-time' }),
  mode: Type.Union([Type.Literal('real'), Type.Literal('virtual')])
})

export const ClockAdvanceBody = Type.Object({
  by: Type.Optional(Type.String({ description: 'a duration: 500ms, 90s, 15m, 24h, 7d, or ISO 8601 such as PT24H' })),
  to: Type.Optional(Type.String({ description: 'an ISO 8601 timestamp later than now' }))
}, { additionalProperties: false })
export type ClockAdvanceBody = Static<typeof ClockAdvanceBody>

export const ClockAdvanced = Type.Object({ now: Type.String({ format: 'date-time' }) })

export const ResetDone = Type.Object({ status: Type.Literal('reset'), now: Type.String({ format: 'date-time' }) })

export const SchedulerState = Type.Object({
  pending: Type.Integer({ description: 'jobs waiting for their due time' }),
  ran: Type.Record(Type.String(), Type.Integer(), { description: 'jobs run since start or reset, by kind (sync.start, sync.pass, ...)' })
})
