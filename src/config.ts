import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { parseDuration } from './core/durations.js'

/**
 * Every setting of unimock in one schema, with its default. Parsed once (by the CLI or by startUnimock),
 * frozen, and passed down; nothing below reads the environment.
 */
export const ConfigSchema = Type.Object({
  port: Type.Integer({ minimum: 0, maximum: 65535, default: 4010, description: 'TCP port; 0 picks a free port' }),
  host: Type.String({ minLength: 1, default: '127.0.0.1', description: 'interface to listen on' }),
  db: Type.String({ minLength: 1, default: ':memory:', description: 'SQLite file path, or :memory:' }),
  clock: Type.Union([Type.Literal('real'), Type.Literal('virtual')], { default: 'real' }),
  clockStart: Type.String({ default: '2026-01-01T00:00:00.000Z', description: 'the instant a virtual clock starts at' }),
  timeScale: Type.Number({ exclusiveMinimum: 0, default: 1, description: 'real clock only: simulated seconds per wall second' }),
  seed: Type.Integer({ minimum: 0, maximum: 4294967295, default: 1, description: 'seed for every random choice' }),
  logLevel: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)), { default: 'warn' }),
  bodyLimit: Type.Integer({ minimum: 1, default: 1_048_576, description: 'largest accepted request body, bytes' }),
  dataVolume: Type.Array(Type.String({ pattern: '^[A-Za-z][\\w.-]*=[0-9]+$' }), { default: [], description: 'initial records of single models, model=count (employees=1000000, hris.companies=3)' }),
  dataScale: Type.Number({ exclusiveMinimum: 0, default: 1, description: 'multiplies the default size of every simulated third-party data set' }),
  dataChurn: Type.Number({ minimum: 0, maximum: 10, default: 0.02, description: 'share of records the simulated systems change per day (a quarter as many are created, a tenth deleted)' }),
  dataCacheMb: Type.Number({ minimum: 0, default: 32, description: 'memory for serialised records of the data endpoints, MB; 0 regenerates every record on every read' }),
  plantAuth: Type.Union([Type.Literal('none'), Type.Literal('required')], { default: 'none' }),
  plantTokenTtl: Type.Integer({ minimum: 1, default: 3600, description: 'plant store login token lifetime, seconds' }),
  apiKeys: Type.Array(Type.String({ minLength: 1 }), { default: [], description: 'unified service API keys accepted; empty accepts any key (each key is its own tenant)' }),
  relinkStatus: Type.Union([Type.Literal(401), Type.Literal(403)], { default: 401, description: 'status answered on every call of a linked account that needs relinking' }),
  publicTokenTtl: Type.Integer({ minimum: 1, default: 600, description: 'public token lifetime, seconds (single use either way)' }),
  syncInterval: Type.String({ default: '24h', description: 'automatic sync interval of every tenant (a duration: 5m, 24h, PT1H)' }),
  initialSyncDuration: Type.Optional(Type.String({ description: 'fixed duration of every initial and FULL sync; default grows with the model\'s volume' })),
  syncPasses: Type.Integer({ minimum: 1, maximum: 100, default: 4, description: 'passes an initial or FULL sync writes its records in' }),
  rateLimit: Type.Union([Type.Integer({ minimum: 1 }), Type.Literal('off')], { default: 100, description: 'requests per minute per linked account, or off' }),
  fullResyncInterval: Type.String({ default: '1h', description: 'at most one FULL resync per linked account in this window (a duration; 0s for no limit)' }),
  webhookUrls: Type.Array(Type.String({ pattern: '^https?://' }), { default: [], description: 'webhook targets of every tenant; {category} is replaced by the account\'s category' }),
  webhookSecret: Type.Optional(Type.String({ minLength: 1, description: 'webhook signature key of every tenant; default: one generated per tenant' })),
  webhookTimeout: Type.String({ default: '30s', description: 'webhook response timeout (a duration)' }),
  scenarios: Type.Array(Type.String({ minLength: 1 }), { default: [], description: 'scenario files to run at start (paths); see --scenario' }),
  journalSize: Type.Integer({ minimum: 1, default: 10_000, description: 'requests kept in each API key\'s request journal (GET /_unimock/requests); the oldest go first' })
})

/** Settings that hold durations; each must parse (see core/durations.ts). */
const DURATION_SETTINGS = ['syncInterval', 'initialSyncDuration', 'fullResyncInterval', 'webhookTimeout'] as const

export type Config = Readonly<Static<typeof ConfigSchema>>

/** A duration setting in milliseconds; parseConfig has already checked it parses. */
export function durationMs (value: string): number {
  return parseDuration(value)!
}
export type ConfigInput = Partial<Static<typeof ConfigSchema>>

export class ConfigError extends Error {}

/** Fills defaults, checks every value, and freezes. Throws ConfigError naming the first bad setting. */
export function parseConfig (input: ConfigInput = {}): Config {
  const withDefaults = Value.Default(ConfigSchema, structuredClone(input))
  const first = Value.Errors(ConfigSchema, withDefaults).First()
  if (first !== undefined) {
    const name = first.path.replace(/^\//, '') || 'config'
    throw new ConfigError(`invalid setting ${name}: ${first.message} (got ${JSON.stringify(first.value)})`)
  }
  const config = withDefaults as Static<typeof ConfigSchema>
  if (Number.isNaN(Date.parse(config.clockStart))) {
    throw new ConfigError(`invalid setting clockStart: "${config.clockStart}" is not an ISO 8601 timestamp`)
  }
  for (const key of DURATION_SETTINGS) {
    const value = config[key]
    if (value !== undefined && parseDuration(value) === undefined) {
      throw new ConfigError(`invalid setting ${key}: "${value}" is not a duration (use e.g. 90s, 5m, 24h or PT24H)`)
    }
  }
  return Object.freeze(config)
}
