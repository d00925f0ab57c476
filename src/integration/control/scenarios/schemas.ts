import { Type, type Static } from '@sinclair/typebox'

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()])

export const RunBody = Type.Object({
  file: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'a file of the scenarios folder, e.g. happy-path or happy-path.yaml' })),
  scenario: Type.Optional(Type.Unknown({ description: 'the scenario itself, as the file would hold it' })),
  text: Type.Optional(Type.String({ maxLength: 1_000_000, description: 'the scenario as YAML or JSON text (what --scenario sends)' })),
  source: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'with scenario or text: the name error messages use (default "inline")' })),
  drive: Type.Optional(Type.Boolean({ description: 'virtual clock: play the run to its end before answering (default true); false leaves the clock to you' }))
}, { additionalProperties: false })
export type RunBody = Static<typeof RunBody>

export const RunParams = Type.Object({ run: Type.String({ minLength: 1, maxLength: 100 }) })

const Check = Type.Object({ check: Type.String(), ok: Type.Boolean(), expected: Type.String(), actual: Type.String() })

export const StepView = Type.Object({
  step: Type.Integer({ description: '1-based; 0 is the settings applied at the start' }),
  at: Type.String(),
  due_at: Type.String({ format: 'date-time' }),
  action: Nullable(Type.String()),
  note: Nullable(Type.String()),
  state: Type.Union(['pending', 'done', 'failed', 'error', 'skipped'].map((s) => Type.Literal(s))),
  ran_at: Nullable(Type.String({ format: 'date-time' })),
  detail: Nullable(Type.String()),
  checks: Type.Array(Check),
  responses: Type.Union([Type.Record(Type.String(), Type.Integer()), Type.Null()])
})

export const RunView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  source: Type.String({ description: 'the file, or "inline"' }),
  state: Type.Union(['running', 'passed', 'failed', 'error'].map((s) => Type.Literal(s))),
  started_at: Type.String({ format: 'date-time' }),
  ends_at: Type.String({ format: 'date-time' }),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
  progress: Type.Object({ steps: Type.Integer(), ran: Type.Integer(), failed: Type.Integer() }),
  accounts: Type.Array(Type.Object({ ref: Type.String(), id: Type.String(), account_token: Nullable(Type.String()) })),
  steps: Type.Array(StepView)
})
export type RunView = Static<typeof RunView>

export const ScenarioList = Type.Object({
  files: Type.Array(Type.Object({ file: Type.String(), name: Nullable(Type.String()), description: Nullable(Type.String()), error: Nullable(Type.String()) })),
  runs: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), state: Type.String(), started_at: Type.String({ format: 'date-time' }) }))
})

export const CheckAnswer = Type.Object({ ok: Type.Literal(true), name: Type.String(), steps: Type.Integer(), duration_ms: Type.Integer() })
