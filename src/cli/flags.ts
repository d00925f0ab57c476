import type { TSchema } from '@sinclair/typebox'
import { allowedValues, ConfigSchema, settingForm, type ConfigInput } from '../config.js'
import { isToolVariable } from './tool-variables.js'

/**
 * The command-line flags and UNIMOCK_* environment variables, derived from the settings schema (config.ts
 * holds each setting's name, default, allowed values and description once): `syncInterval` is
 * `--sync-interval` and `UNIMOCK_SYNC_INTERVAL`; array settings are repeatable flags and comma-separated
 * variables.
 */

type Kind = 'string' | 'integer' | 'number' | 'list' | 'integer-or-off' | 'boolean'

export interface FlagSpec {
  readonly flag: string
  readonly key: keyof ConfigInput
  readonly env: string
  readonly kind: Kind
  readonly schema: TSchema
}

export class UsageError extends Error {}

const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

function kindOf (schema: TSchema): Kind {
  if (schema.type === 'array') return 'list'
  if (schema.type === 'boolean') return 'boolean'
  if (schema.type === 'integer') return 'integer'
  if (schema.type === 'number') return 'number'
  const members = (schema as { anyOf?: TSchema[] }).anyOf ?? []
  if (members.some((m) => m.type === 'integer') && members.some((m) => m.const === 'off')) return 'integer-or-off'
  if (members.length > 0 && members.every((m) => typeof m.const === 'number')) return 'integer'
  return 'string'
}

export const FLAGS: readonly FlagSpec[] = Object.entries(ConfigSchema.properties).map(([key, schema]: [string, TSchema]) => {
  const flag = (schema.flag as string | undefined) ?? kebab(key)
  return { flag, key: key as keyof ConfigInput, env: 'UNIMOCK_' + flag.toUpperCase().replace(/-/g, '_'), kind: kindOf(schema), schema }
})

/** `--clock real|virtual`, `--port N`: the flag and what it takes. */
export function flagForm (spec: FlagSpec): string {
  if (spec.kind === 'boolean') return `--${spec.flag}`
  const members = (spec.schema as { anyOf?: TSchema[] }).anyOf
  const value = members?.every((m) => 'const' in m) === true
    ? members.map((m) => String(m.const)).join('|')
    : (spec.schema.placeholder as string | undefined) ?? 'VALUE'
  return `--${spec.flag} ${value}`
}

/** One help entry: the description, the allowed values where they are a list, the default. */
export function flagHelp (spec: FlagSpec): string {
  const allowed = allowedValues(spec.schema)
  const fallback = spec.schema.default
  if (spec.kind === 'boolean') return `${String(spec.schema.description ?? '')} (off unless given; the variable takes true or false)`
  const defaultText = fallback === undefined ? '' : Array.isArray(fallback) ? (fallback.length === 0 ? '' : ` (default ${fallback.join(',')})`) : ` (default ${String(fallback)})`
  const allowedText = allowed !== undefined && spec.kind === 'integer-or-off' ? ` (${allowed})` : ''
  return `${String(spec.schema.description ?? '')}${allowedText}${defaultText}`
}

export type FlagValue = string | number | string[] | boolean

/** The words a variable of a switch (a flag without a value) may say. */
const SWITCH_WORDS: Readonly<Record<string, boolean>> = { true: true, 1: true, yes: true, on: true, false: false, 0: false, no: false, off: false }

/** A raw flag or variable value in the setting's type; a number that does not parse names the flag and its form. */
export function convert (spec: FlagSpec, raw: string, source: string): FlagValue {
  if (spec.kind === 'string') return raw
  if (spec.kind === 'boolean') {
    const on = SWITCH_WORDS[raw.trim().toLowerCase()]
    if (on === undefined) throw new UsageError(`invalid value for ${source}: must be true or false (got "${raw}")`)
    return on
  }
  if (spec.kind === 'list') return raw.split(',').map((item) => item.trim()).filter((item) => item !== '')
  if (spec.kind === 'integer-or-off' && raw.trim() === 'off') return 'off'
  const n = Number(raw)
  const ok = raw.trim() !== '' && Number.isFinite(n) && (spec.kind === 'number' || Number.isInteger(n))
  if (!ok) throw new UsageError(`invalid value for ${source}: must be ${settingForm(spec.schema)} (got "${raw}")`)
  return n
}

/**
 * Switches written with a value (`--webhook-allow-private=false`), taken out of argv and read as the switch's
 * variable is (true or false): parseArgs would refuse them without naming the value.
 */
export function switchValues (argv: readonly string[]): { readonly args: string[], readonly values: ReadonlyMap<FlagSpec, boolean> } {
  const values = new Map<FlagSpec, boolean>()
  const args = argv.filter((arg) => {
    const eq = arg.indexOf('=')
    const spec = eq < 0 ? undefined : FLAGS.find((f) => f.kind === 'boolean' && arg.slice(0, eq) === `--${f.flag}`)
    if (spec === undefined) return true
    values.set(spec, convert(spec, arg.slice(eq + 1), `--${spec.flag}`) as boolean)
    return false
  })
  return { args, values }
}

/** Edit distance, for "did you mean": a misspelt name is usually one or two edits away. */
function distance (a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = current
  }
  return previous[b.length]!
}

/** The closest of `names` to `given`, when it is close enough to be a typo of it. */
export function closest (given: string, names: readonly string[]): string | undefined {
  const ranked = names.map((name) => ({ name, d: distance(given.toLowerCase(), name.toLowerCase()) })).sort((a, b) => a.d - b.d)
  const best = ranked[0]
  return best !== undefined && best.d <= Math.max(2, Math.floor(given.length / 5)) ? best.name : undefined
}

/** A parseArgs error as a UsageError, with a "did you mean" when an unknown flag is close to one of `names`. */
export function argsError (error: unknown, names: readonly string[], prefix = ''): UsageError {
  const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '')
  const unknown = /^Unknown option '(--[^']+)'/.exec(message)?.[1]
  const guess = unknown === undefined ? undefined : closest(unknown, names)
  return new UsageError(`${prefix}${message}${guess === undefined ? '' : ` (did you mean ${guess}?)`}`)
}

/** A line for each UNIMOCK_* variable that names no setting; it is ignored, so say so rather than stay silent. */
export function unknownVariables (env: Readonly<Record<string, string | undefined>>): string[] {
  const known = FLAGS.map((f) => f.env)
  return Object.keys(env).filter((name) => name.startsWith('UNIMOCK_') && !known.includes(name) && !isToolVariable(name)).sort().map((name) => {
    const guess = closest(name, known)
    return `${name} is not a setting and is ignored${guess === undefined ? '' : ` (did you mean ${guess}?)`}`
  })
}
