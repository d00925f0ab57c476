import type { ConfigError, ConfigInput } from '../config.js'
import { FLAGS, UsageError } from './flags.js'

/**
 * Where each setting given came from, in the words the user wrote: `--clock`, or `UNIMOCK_CLOCK` when no flag
 * gave it (flags win). A bad value is named by where it was written: a bad UNIMOCK_CLOCK said "--clock", which
 * sent people looking through a command line that has no --clock.
 */
export type SettingSources = ReadonlyMap<keyof ConfigInput, string>

export function settingSources (flags: Readonly<Record<string, unknown>>, env: Readonly<Record<string, string | undefined>>): SettingSources {
  const sources = new Map<keyof ConfigInput, string>()
  for (const spec of FLAGS) {
    const fromEnv = env[spec.env]
    if (flags[spec.flag] !== undefined) sources.set(spec.key, `--${spec.flag}`)
    else if (fromEnv !== undefined && fromEnv !== '') sources.set(spec.key, spec.env)
  }
  return sources
}

/** The flag or variable a setting came from; its flag when it was not given (a default, or set by a command). */
export function sourceOf (key: keyof ConfigInput, sources: SettingSources): string {
  return sources.get(key) ?? `--${FLAGS.find((spec) => spec.key === key)?.flag ?? String(key)}`
}

/** A setting's error in the command line's words: `invalid setting clock` becomes `invalid value for UNIMOCK_CLOCK`. */
export function settingError (error: ConfigError, sources: SettingSources): UsageError {
  const match = /invalid setting (\w+)/.exec(error.message)
  const spec = FLAGS.find((s) => s.key === match?.[1])
  return new UsageError(spec === undefined ? error.message : error.message.replace(match![0], `invalid value for ${sourceOf(spec.key, sources)}`))
}
