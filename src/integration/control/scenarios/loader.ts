import { Value, type ValueError } from '@sinclair/typebox/value'
import type { TSchema } from '@sinclair/typebox'
import { parse as parseYaml } from 'yaml'
import { parseDuration } from '../../../core/durations.js'
import { ACTIONS, Scenario, type ScenarioStep } from './schema.js'

/** A scenario file that cannot run: one line naming the file, the step and the field. */
export class ScenarioError extends Error {
  constructor (readonly file: string, readonly where: string, readonly problem: string) {
    super(`${file}: ${where === '' ? '' : where + ': '}${problem}`)
  }
}

export interface LoadedScenario {
  readonly scenario: Scenario
  /** Each step's `at`, in ms from the start of the run. */
  readonly offsets: readonly number[]
  /** When the run is over: the last step's time, plus its advance. */
  readonly endOffset: number
}

export interface ScenarioChecks {
  /** The category of a model id, or undefined when the catalogue has no such model. */
  modelCategory(modelId: string): string | undefined
}

const DURATION_HELP = 'a duration such as 500ms, 90s, 15m, 2h, 7d, 1h30m or PT2H'

/** Parses a YAML or JSON text and validates it; throws ScenarioError with a message a person can act on. */
export function loadScenario (file: string, text: string, checks: ScenarioChecks): LoadedScenario {
  let data: unknown
  try {
    data = parseYaml(text, { maxAliasCount: 100 })
  } catch (error) {
    const line = (error as { linePos?: Array<{ line: number }> }).linePos?.[0]?.line
    throw new ScenarioError(file, line === undefined ? '' : `line ${line}`, `not valid YAML or JSON: ${(error as Error).message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`)
  }
  return validateScenario(file, data, checks)
}

export function validateScenario (file: string, data: unknown, checks: ScenarioChecks): LoadedScenario {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new ScenarioError(file, '', 'a scenario is an object with name, description, accounts and steps')
  }
  const first = Value.Errors(Scenario, data).First()
  if (first !== undefined) throw schemaError(file, data as Record<string, unknown>, first)
  const scenario = data as Scenario
  return checkMeaning(file, scenario, checks)
}

function checkMeaning (file: string, scenario: Scenario, checks: ScenarioChecks): LoadedScenario {
  const categories = new Map<string, string>()
  scenario.accounts.forEach((a, i) => {
    if (categories.has(a.ref)) throw new ScenarioError(file, `accounts[${i}]`, `ref: "${a.ref}" is declared twice`)
    categories.set(a.ref, a.category)
  })
  const declared = [...categories.keys()].join(', ') || 'none'
  const duration = (where: string, field: string, text: string): number => {
    const ms = parseDuration(text)
    if (ms === undefined) throw new ScenarioError(file, where, `${field}: "${text}" is not ${DURATION_HELP}`)
    return ms
  }
  const settings = scenario.settings
  if (settings?.sync_interval !== undefined) duration('settings', 'sync_interval', settings.sync_interval)

  const offsets: number[] = []
  let endOffset = 0
  scenario.steps.forEach((step, i) => {
    const where = `step ${i + 1} (at ${step.at})`
    const at = duration(`step ${i + 1}`, 'at', step.at)
    if (offsets.length > 0 && at < offsets[offsets.length - 1]!) {
      throw new ScenarioError(file, where, `at: steps must be in time order; step ${i} is at ${scenario.steps[i - 1]!.at}`)
    }
    offsets.push(at)
    const actions = ACTIONS.filter((a) => step[a] !== undefined)
    if (actions.length > 1) throw new ScenarioError(file, where, `one action per step; found ${actions.join(' and ')}`)
    const ref = (field: string, value: string | undefined): string | undefined => {
      if (value === undefined) return undefined
      const category = categories.get(value)
      if (category === undefined) throw new ScenarioError(file, where, `${field}: no account "${value}" under accounts (declared: ${declared})`)
      return category
    }
    const model = (field: string, account: string, modelId: string | undefined): void => {
      if (modelId === undefined) return
      const category = ref(`${field.split('.')[0]!}.account`, account)
      const actual = checks.modelCategory(modelId)
      if (actual === undefined) throw new ScenarioError(file, where, `${field}: unknown model "${modelId}" (use {category}.{ModelName}, e.g. hris.Employee)`)
      if (actual !== category) throw new ScenarioError(file, where, `${field}: "${modelId}" is not a model of ${category}, the category of account "${account}"`)
    }
    const s = step as ScenarioStep
    if (s.link !== undefined) { ref('link.account', s.link.account); model('link.initial_sync.model', s.link.account, s.link.initial_sync?.model) }
    if (s.link?.initial_sync?.duration !== undefined) duration(where, 'link.initial_sync.duration', s.link.initial_sync.duration)
    if (s.next_sync !== undefined) { model('next_sync.model', s.next_sync.account, s.next_sync.model); ref('next_sync.account', s.next_sync.account) }
    if (s.next_sync?.duration !== undefined) duration(where, 'next_sync.duration', s.next_sync.duration)
    for (const name of ['relink_needed', 'relink', 'pause', 'resume', 'delete'] as const) ref(`${name}.account`, s[name]?.account)
    if (s.sync_now !== undefined) { ref('sync_now.account', s.sync_now.account); model('sync_now.model', s.sync_now.account, s.sync_now.model) }
    if (s.remote_changes !== undefined) {
      model('remote_changes.model', s.remote_changes.account, s.remote_changes.model)
      const r = s.remote_changes
      if ((r.created ?? 0) + (r.changed ?? 0) + (r.deleted ?? 0) === 0) throw new ScenarioError(file, where, 'remote_changes: give created, changed or deleted above 0')
    }
    if (s.sync_interval !== undefined) duration(where, 'sync_interval', s.sync_interval)
    if (s.webhook_fault?.delay !== undefined) duration(where, 'webhook_fault.delay', s.webhook_fault.delay)
    if (s.service_fault?.latency !== undefined) duration(where, 'service_fault.latency', s.service_fault.latency)
    if (s.request !== undefined) ref('request.account', s.request.account)
    const advance = s.advance === undefined ? 0 : duration(where, 'advance', s.advance)
    endOffset = Math.max(endOffset, at + advance)
    s.expect?.forEach((e, k) => {
      const field = `expect[${k}]`
      const kinds = Object.keys(e)
      if (kinds.length !== 1) throw new ScenarioError(file, where, `${field}: one check per item (sync, account, webhooks, responses or last_response); found ${kinds.length === 0 ? 'none' : kinds.join(' and ')}`)
      if (e.sync !== undefined) { ref(`${field}.sync.account`, e.sync.account); model(`${field}.sync.model`, e.sync.account, e.sync.model) }
      if (e.sync?.finished_within !== undefined) duration(where, `${field}.sync.finished_within`, e.sync.finished_within)
      if (e.account !== undefined) ref(`${field}.account.account`, e.account.account)
      if (e.webhooks !== undefined) ref(`${field}.webhooks.account`, e.webhooks.account)
      if ((e.responses !== undefined || e.last_response !== undefined) && s.request === undefined) {
        throw new ScenarioError(file, where, `${field}: ${kinds[0]!} checks the answers of this step's request, and the step sends none`)
      }
    })
  })
  return { scenario, offsets, endOffset }
}

/** TypeBox's first error, said in the file's own terms: which step, which field, what is allowed. */
function schemaError (file: string, data: Record<string, unknown>, error: ValueError): ScenarioError {
  const parts = error.path.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
  let where = ''
  let fieldParts = parts
  if (parts[0] === 'steps' && parts.length > 1) {
    const index = Number(parts[1])
    const step = (data.steps as Array<Record<string, unknown>> | undefined)?.[index]
    const at = typeof step?.at === 'string' ? ` (at ${step.at})` : ''
    where = `step ${index + 1}${at}`
    fieldParts = parts.slice(2)
  } else if (parts[0] === 'accounts' && parts.length > 1) {
    where = `accounts[${parts[1]!}]`
    fieldParts = parts.slice(2)
  }
  const field = fieldParts.map((p, i) => /^\d+$/.test(p) ? `[${p}]` : (i === 0 ? p : `.${p}`)).join('')
  return new ScenarioError(file, where, `${field === '' ? '' : field + ': '}${describe(error)}`)
}

function describe (error: ValueError): string {
  const schema = error.schema as TSchema & { anyOf?: Array<{ const?: unknown }>, enum?: unknown[] }
  if (error.value === undefined) return 'is required'
  if (Array.isArray(schema.enum)) return `${JSON.stringify(error.value)} is not one of ${schema.enum.join(', ')}`
  const consts = schema.anyOf?.map((s) => s.const).filter((c) => c !== undefined)
  if (consts !== undefined && consts.length > 0 && consts.length === schema.anyOf!.length) {
    return `${JSON.stringify(error.value)} is not one of ${consts.join(', ')}`
  }
  if (/unexpected property/i.test(error.message) || error.message.includes('additional')) {
    return 'is not a known field here'
  }
  const description = typeof schema.description === 'string' ? ` (${schema.description})` : ''
  return `${error.message.replace(/^Expected/, 'expected')}${description}`
}
