import type { Clock } from '../core/clock.js'
import type { User } from './backend.js'
import { KitError } from './errors.js'
import type { PageOptions } from './page/options.js'
import { parseRouteMap, readRouteMap, SPEC_ROUTES, type RouteMap } from './route-map.js'

/** What `unimock conform` (and conform()) is given: the backend, and how the kit runs. */
export interface ConformOptions extends PageOptions {
  /** The backend's base URL, e.g. http://127.0.0.1:3100. */
  readonly appUrl: string
  /** The spec's {app_prefix}, e.g. /api/integrations; a route map's own prefix stands in for it. */
  readonly appPrefix?: string
  /** The backend's own route names and shapes: a route map file (JSON), or its parsed object; the spec's by default. */
  readonly routes?: string | Readonly<Record<string, unknown>>
  /**
   * How often the backend polls sync-status by itself, ms. With it, resilience.polling waits that long (plus a
   * margin) for the backend's own poll; without it, only what check-sync-status does is judged.
   */
  readonly pollIntervalMs?: number
  /** Headers that make a request a logged-in user: `X-Demo-User: alice` (or an object). */
  readonly appHeaders: readonly string[] | Readonly<Record<string, string>>
  /** The same for a second user of another organisation, for the checks that need one. */
  readonly appHeaders2?: readonly string[] | Readonly<Record<string, string>>
  /** Starts the backend with UNIMOCK_URL, UNIMOCK_API_KEY, UNIMOCK_WEBHOOK_KEY and PORT; stopped at the end. */
  readonly appCommand?: string
  /** Where the backend's output (with --app-command) is kept; by default a file in a new temporary folder. */
  readonly appLog?: string
  /**
   * More variables for the backend, under the names it reads: `MERGE_API_KEY=api-key` (a value is one of
   * url, api-url, api-key, webhook-key, port).
   */
  readonly appEnv?: readonly string[]
  /** unimock's port; 0 (the default) picks a free one. */
  readonly port?: number
  /** Only these check ids (the others are not run, nor reported). */
  readonly only?: readonly string[]
  /** The run's API key and webhook signature key; random by default. */
  readonly apiKey?: string
  readonly webhookKey?: string
  /** Bound of each call to the backend, ms (default 5000). */
  readonly timeoutMs?: number
  /** How long to wait for the backend to answer at all, ms (default 30000). */
  readonly waitMs?: number
  /** Progress for people: the settings to give the backend, each verdict as it comes. */
  readonly print?: (line: string) => void
  /** The kit's clock; the real one by default. */
  readonly clock?: Clock
}

export interface Settings {
  readonly appUrl: string
  readonly appPort: number
  readonly prefix: string
  readonly routes: RouteMap
  readonly pollMs: number | undefined
  readonly users: readonly User[]
  readonly appCommand: string | undefined
  /** Each extra variable's name and which setting it carries. */
  readonly appEnv: ReadonlyArray<readonly [string, AppEnvValue]>
  readonly appLog: string | undefined
  readonly port: number
  readonly only: ReadonlySet<string> | undefined
  readonly apiKey: string | undefined
  readonly webhookKey: string | undefined
  readonly timeoutMs: number
  readonly waitMs: number
}

export const APP_ENV_VALUES = ['url', 'api-url', 'api-key', 'webhook-key', 'port'] as const
export type AppEnvValue = typeof APP_ENV_VALUES[number]

/** `MERGE_API_KEY=api-key` → [name, value]. */
export function parseAppEnv (text: string): readonly [string, AppEnvValue] {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(text.trim())
  const value = m?.[2] as AppEnvValue | undefined
  if (m === null || value === undefined || !APP_ENV_VALUES.includes(value)) {
    throw new KitError(`--app-env must be NAME=${APP_ENV_VALUES.join('|')} (e.g. MERGE_API_KEY=api-key), got '${text}'`)
  }
  return [m[1]!, value]
}

/** `Name: value` → [name, value]; the name as HTTP allows it. */
export function parseHeader (text: string, flag: string): [string, string] {
  const colon = text.indexOf(':')
  const name = colon < 0 ? '' : text.slice(0, colon).trim()
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new KitError(`${flag} must be 'Name: value' (e.g. 'X-Demo-User: alice'), got '${text}'`)
  return [name, text.slice(colon + 1).trim()]
}

function headersOf (given: readonly string[] | Readonly<Record<string, string>> | undefined, flag: string): Record<string, string> | undefined {
  if (given === undefined) return undefined
  const pairs = Array.isArray(given) ? (given as readonly string[]).map((h) => parseHeader(h, flag)) : Object.entries(given)
  return pairs.length === 0 ? undefined : Object.fromEntries(pairs)
}

/**
 * What is wrong with an --api-key, or undefined: the key travels as `Authorization: Bearer <key>`, where
 * unimock takes one word of visible characters. Named by its first offending character, not echoed: it is a key.
 */
function apiKeyFault (key: string): string | undefined {
  if (key === '') return 'it is empty'
  const bad = Array.from(key).find((c) => !/^[\x21-\x7e]$/.test(c))
  if (bad === undefined) return undefined
  return /\s/.test(bad) ? 'it contains a space' : bad < ' ' || bad === '\x7f' ? 'it contains a control character' : `it contains ${JSON.stringify(bad)}, outside visible ASCII`
}

/** Checks and normalises the options; a bad one is a KitError naming it (the kit cannot run: exit 2). */
export function settingsOf (o: ConformOptions, knownIds: readonly string[]): Settings {
  let url: URL
  try {
    url = new URL(o.appUrl)
  } catch {
    throw new KitError(`--app-url must be the backend's base URL such as http://127.0.0.1:3100, got '${o.appUrl}'`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new KitError(`--app-url must be an http or https URL, got '${o.appUrl}'`)
  if (url.search !== '' || url.hash !== '') throw new KitError(`--app-url takes no query or fragment, got '${o.appUrl}'`)
  const routes = o.routes === undefined ? SPEC_ROUTES : typeof o.routes === 'string' ? readRouteMap(o.routes) : parseRouteMap(JSON.stringify(o.routes), 'object')
  const given = o.appPrefix ?? routes.prefix
  if (given === undefined) throw new KitError('--app-prefix is needed (the prefix of the integrator routes, such as /api/integrations), unless the --routes map has a "prefix"')
  const prefix = given.trim().replace(/\/+$/, '')
  if (prefix !== '' && !prefix.startsWith('/')) throw new KitError(`--app-prefix must start with /, such as /api/integrations, got '${given}'`)
  const pollMs = o.pollIntervalMs
  if (pollMs !== undefined && (!Number.isFinite(pollMs) || pollMs <= 0 || pollMs > 24 * 3600_000)) throw new KitError(`--poll-interval must be a duration from 1ms to 24h (the spec's polling backup runs at least once every 24 hours), got ${pollMs} ms`)
  const first = headersOf(o.appHeaders, '--app-header')
  if (first === undefined) throw new KitError('--app-header is needed at least once: the headers that make a request a logged-in user (every integrator route requires one)')
  const second = headersOf(o.appHeaders2, '--app-header-2')
  const only = o.only === undefined || o.only.length === 0 ? undefined : new Set(o.only)
  for (const id of only ?? []) {
    if (!knownIds.includes(id)) throw new KitError(`--only: no check ${id}; the checks are ${knownIds.join(', ')}`)
  }
  const keyFault = o.apiKey === undefined ? undefined : apiKeyFault(o.apiKey)
  if (keyFault !== undefined) throw new KitError(`--api-key must be one word of visible ASCII characters, as it goes in Authorization: Bearer <key>; ${keyFault} (leave it out for a new key per run)`)
  if (o.webhookKey === '') throw new KitError('--webhook-key must be at least one character: it signs the webhooks (leave it out for a new key per run)')
  const port = o.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new KitError(`--port must be a TCP port from 0 to 65535, got ${port}`)
  return {
    appUrl: url.origin + url.pathname.replace(/\/+$/, ''),
    appPort: url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port),
    prefix,
    routes,
    pollMs,
    users: [{ name: 'user 1', headers: first }, ...(second === undefined ? [] : [{ name: 'user 2', headers: second }])],
    appCommand: o.appCommand === undefined || o.appCommand.trim() === '' ? undefined : o.appCommand,
    appEnv: (o.appEnv ?? []).map(parseAppEnv),
    appLog: o.appLog === undefined || o.appLog.trim() === '' ? undefined : o.appLog,
    port,
    only,
    apiKey: o.apiKey,
    webhookKey: o.webhookKey,
    timeoutMs: o.timeoutMs ?? 5000,
    waitMs: o.waitMs ?? 30_000
  }
}
