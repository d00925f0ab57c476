import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { CATEGORIES } from '../../base/catalogue/categories.js'
import { ACCOUNT_STATUSES } from '../../base/accounts/linked-account.js'
import { NewFaultBody } from '../faults/schemas.js'
import { SYNC_OUTCOMES, SYNC_STATUSES } from '../../background/sync/sync-state.js'
import { DELIVERY_STATES, FaultBody as WebhookFaultBody, TargetBody } from '../../background/webhooks/schemas.js'
import { NewPreset } from '../../service/writes/schemas.js'

/**
 * The scenario file format: a story of the failure modes integrators must survive, as timed steps. Each step
 * does at most one action (through the same control API a user would call) and may check observable state.
 * Durations use the control API's forms: 500ms, 90s, 15m, 2h, 7d, 1h30m, PT2H.
 */

const literals = <T extends readonly string[]>(values: T, description?: string) =>
  Type.Union(values.map((v) => Type.Literal(v)), description === undefined ? {} : { description })
const strict = <T extends Record<string, TSchema>>(properties: T, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description === undefined ? {} : { description }) })

const Duration = Type.String({ minLength: 1, maxLength: 40, description: 'a duration: 500ms, 90s, 15m, 2h, 7d, 1h30m or ISO 8601 (PT2H)' })
const Ref = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$', description: 'an account declared under accounts' })
const ModelId = Type.String({ minLength: 3, maxLength: 80, description: '{category}.{ModelName}, e.g. hris.Employee' })
const Count = Type.Integer({ minimum: 0, maximum: 1_000_000 })

export const ScenarioAccount = strict({
  ref: Ref,
  category: literals(CATEGORIES),
  end_user_origin_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'default: the ref and the start of the run id (acme-0d5c8e1f), so every run links accounts of its own' })),
  organization: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  email: Type.Optional(Type.String({ minLength: 3, maxLength: 200 })),
  integration: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'integration slug or name; default: the category\'s first' }))
})

const OnAccount = strict({ account: Ref })
const NextSync = strict({ account: Ref, model: Type.Optional(ModelId), result: literals(SYNC_OUTCOMES), duration: Type.Optional(Duration) })

export const ACTIONS = [
  'link', 'next_sync', 'relink_needed', 'relink', 'pause', 'resume', 'delete', 'sync_now', 'remote_changes',
  'sync_interval', 'webhook_target', 'webhook_fault', 'service_fault', 'write_preset', 'clear_faults', 'request'
] as const
export type ActionName = typeof ACTIONS[number]

export const ScenarioStep = strict({
  at: Duration,
  note: Type.Optional(Type.String({ maxLength: 500, description: 'what this step means, in business words' })),
  link: Type.Optional(strict({
    account: Ref,
    initial_sync: Type.Optional(strict({ model: Type.Optional(ModelId), result: literals(SYNC_OUTCOMES), duration: Type.Optional(Duration) },
      'how the initial sync ends (preset between the link token and the end user finishing)'))
  }, 'the whole link flow: link token, the end user finishing in the widget, the public token exchanged')),
  next_sync: Type.Optional(NextSync),
  relink_needed: Type.Optional(OnAccount),
  relink: Type.Optional(strict({ account: Ref }, 'a new link token for the same origin id, finished and exchanged: the account token stays')),
  pause: Type.Optional(OnAccount),
  resume: Type.Optional(OnAccount),
  delete: Type.Optional(OnAccount),
  sync_now: Type.Optional(strict({ account: Ref, model: Type.Optional(ModelId) })),
  remote_changes: Type.Optional(strict({ account: Ref, model: ModelId, created: Type.Optional(Count), changed: Type.Optional(Count), deleted: Type.Optional(Count) })),
  sync_interval: Type.Optional(Duration),
  webhook_target: Type.Optional(TargetBody),
  webhook_fault: Type.Optional(WebhookFaultBody),
  service_fault: Type.Optional(NewFaultBody),
  write_preset: Type.Optional(strict({
    ...Type.Omit(NewPreset, ['linked_account_id']).properties,
    account: Type.Optional(Ref)
  }, 'the next writes (of a model, of one declared account, or all) fail at the third party, are slow or warn (POST /_unimock/write-presets)')),
  clear_faults: Type.Optional(literals(['webhooks', 'service', 'all'] as const, 'all also removes the run\'s write presets still unspent')),
  request: Type.Optional(strict({
    account: Type.Optional(Ref),
    method: Type.Optional(literals(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)),
    path: Type.String({ pattern: '^/', maxLength: 2000, description: 'a unified-service path; {account_id} is replaced' }),
    body: Type.Optional(Type.Unknown()),
    repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'send it this many times, one after another' }))
  }, 'an integrator\'s call with the API key (and the account\'s token when account is given)')),
  advance: Type.Optional(Duration),
  expect: Type.Optional(Type.Array(strict({
    sync: Type.Optional(strict({
      account: Ref,
      model: Type.Optional(ModelId),
      status: Type.Optional(literals(SYNC_STATUSES)),
      is_initial_sync: Type.Optional(Type.Boolean()),
      finished_within: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'a sync of each finished at most this long ago (a duration)' }))
    }, 'every enabled model (or the one named) has this sync status')),
    account: Type.Optional(strict({ account: Ref, status: literals([...ACCOUNT_STATUSES, 'DELETED'] as const) })),
    webhooks: Type.Optional(strict({
      event: Type.Optional(Type.String({ minLength: 1 })),
      account: Type.Optional(Ref),
      state: Type.Optional(literals(DELIVERY_STATES)),
      min: Type.Optional(Count),
      max: Type.Optional(Count)
    }, 'how many webhook deliveries so far match')),
    responses: Type.Optional(strict({ status: Type.Integer({ minimum: 100, maximum: 599 }), min: Type.Optional(Count), max: Type.Optional(Count) },
      'how many answers of this step\'s request had this status')),
    last_response: Type.Optional(strict({ status: Type.Integer({ minimum: 100, maximum: 599 }), header: Type.Optional(Type.String({ minLength: 1 })) },
      'the last answer of this step\'s request: its status, and a header it must carry'))
  }), { maxItems: 50 }))
})
export type ScenarioStep = Static<typeof ScenarioStep>
export type Expectation = NonNullable<ScenarioStep['expect']>[number]

export const Scenario = strict({
  name: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$', description: 'kebab-case' }),
  description: Type.String({ minLength: 1, maxLength: 4000, description: 'what happens, in business words' }),
  settings: Type.Optional(strict({
    sync_interval: Type.Optional(Duration),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 32 - 1, description: 'start-time setting: --scenario applies it unless --seed is given' })),
    data_scale: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1000, description: 'start-time setting: --scenario applies it unless --data-scale is given' })),
    api_key: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: '--scenario only: the API key (tenant) the run acts for' }))
  })),
  accounts: Type.Array(ScenarioAccount, { maxItems: 100 }),
  steps: Type.Array(ScenarioStep, { minItems: 1, maxItems: 10_000 })
})
export type Scenario = Static<typeof Scenario>
