import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { isBareNumber, parseDuration } from './core/durations.js'
import { refusedWebhookUrl } from './core/refused-addresses.js'

/**
 * Every setting of unimock in one schema, with its default and its description: the CLI derives its flags,
 * environment variables and --help from it (src/cli/flags.ts). Parsed once (by the CLI or by startUnimock),
 * frozen, and passed down; nothing below reads the environment.
 *
 * Beside the JSON Schema keywords a setting may carry `flag` (its command-line name when it is not the
 * setting's name in kebab case; the environment variable is UNIMOCK_ and the flag in upper snake case) and
 * `placeholder` (the value's name in --help), and `form` (the value's form in words, for an error naming a bad
 * value, where the schema's own keywords say it only as a pattern).
 */
const DURATION = 'a duration: 90s, 5m, 24h, 7d, 1h30m or ISO 8601 such as PT24H'
/** The form of --db, also named when the file cannot be opened (src/app.ts). */
export const DB_FORM = 'a file path in a directory that exists and can be written, or :memory:'

export const ConfigSchema = Type.Object({
  port: Type.Integer({ minimum: 0, maximum: 65535, default: 4010, placeholder: 'N', description: 'TCP port; 0 picks a free port' }),
  host: Type.String({ minLength: 1, form: 'a host name or IP address', default: '127.0.0.1', placeholder: 'H', description: 'interface to listen on (0.0.0.0 in a container)' }),
  db: Type.String({ minLength: 1, form: DB_FORM, default: ':memory:', placeholder: 'PATH', description: 'SQLite database; a file path persists everything across restarts' }),
  clock: Type.Union([Type.Literal('real'), Type.Literal('virtual')], { default: 'real', description: 'a virtual clock moves only through POST /_unimock/clock/advance' }),
  clockStart: Type.String({ default: '2026-01-01T00:00:00.000Z', placeholder: 'ISO', description: 'the instant a virtual clock starts at: an ISO 8601 date, or date and time with Z or an offset' }),
  timeScale: Type.Number({ exclusiveMinimum: 0, default: 1, placeholder: 'N', description: 'real clock only: play time N times faster, for live demos' }),
  seed: Type.Integer({ minimum: 0, maximum: 4294967295, default: 1, placeholder: 'N', description: 'seed of every random choice (tokens, ids, generated data)' }),
  logLevel: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)), { default: 'warn', description: 'logs go to stderr, tokens redacted' }),
  bodyLimit: Type.Integer({ minimum: 1, default: 1_048_576, placeholder: 'N', description: 'largest request body in bytes; larger bodies answer 413' }),
  headersTimeout: Type.String({ default: '10s', placeholder: 'D', description: 'how long a client has from opening a connection, or from the first byte of a request, to the end of its headers; a slower one is answered 408 and its connection closed' }),
  requestTimeout: Type.String({ default: '30s', placeholder: 'D', description: 'how long a client has from the first byte of a request to the end of its body (at least --headers-timeout); a slower one is answered 408 and its connection closed' }),
  dataVolume: Type.Array(Type.String({ pattern: '^[A-Za-z][\\w.-]*=[0-9]+$', form: 'model=N, such as employees=1000 or hris.Employee=500' }), { default: [], placeholder: 'model=N', description: 'records of one model per account, e.g. employees=1000000 or hris.Employee=500 (repeatable); default: by company size' }),
  dataScale: Type.Number({ exclusiveMinimum: 0, default: 1, placeholder: 'X', description: 'multiplies every default model size' }),
  dataChurn: Type.Number({ minimum: 0, maximum: 10, default: 0.02, placeholder: 'X', description: 'share of a model\'s records the simulated remote system changes per day (creates a quarter, deletes a tenth of that)' }),
  dataCacheMb: Type.Number({ minimum: 0, default: 32, placeholder: 'N', description: 'cache of rendered pages and records in MB; 0 turns it off' }),
  plantAuth: Type.Union([Type.Literal('none'), Type.Literal('required')], { default: 'none', description: 'required: adding or updating a plant needs a login token' }),
  plantTokenTtl: Type.Integer({ minimum: 1, default: 3600, placeholder: 'S', description: 'plant store login token lifetime, seconds' }),
  apiKeys: Type.Array(Type.String({ minLength: 1, form: 'a key of at least one character' }), { default: [], flag: 'api-key', placeholder: 'K', description: 'accept only these unified-service API keys (repeatable; the variable is comma-separated); with none, any key works and each key is its own tenant' }),
  dashboardKeys: Type.Union([Type.Literal('masked'), Type.Literal('list')], { default: 'masked', description: 'what GET /_unimock/keys and the dashboard\'s first view show of the keys used on a server without --api-key: masked, each key\'s first characters, linked accounts and last use (opening one takes the key itself); list, the keys themselves, for a server only you use' }),
  relinkStatus: Type.Union([Type.Literal(401), Type.Literal(403)], { default: 401, description: 'status of every call on a linked account that needs relinking' }),
  publicTokenTtl: Type.Integer({ minimum: 1, default: 600, placeholder: 'S', description: 'public token lifetime, seconds (single use either way)' }),
  syncInterval: Type.String({ default: '24h', placeholder: 'D', description: `automatic sync interval of every tenant, ${DURATION}` }),
  initialSyncDuration: Type.Optional(Type.String({ placeholder: 'D', description: 'fixed duration of every initial and FULL sync; default 2m plus 100ms per record, at most 4h' })),
  syncPasses: Type.Integer({ minimum: 1, maximum: 100, default: 4, placeholder: 'N', description: 'passes an initial or FULL sync writes its records in' }),
  rateLimit: Type.Union([Type.Integer({ minimum: 1 }), Type.Literal('off')], { default: 100, placeholder: 'N|off', description: 'requests per minute per linked account' }),
  fullResyncInterval: Type.String({ default: '1h', placeholder: 'D', description: 'at most one FULL resync per linked account in this window (0s: no limit)' }),
  webhookUrls: Type.Array(Type.String({ pattern: '^https?://', form: 'an http:// or https:// URL, such as http://localhost:3000/hooks/{category}' }), { default: [], flag: 'webhook-url', placeholder: 'URL', description: 'webhook target of every tenant (repeatable; the variable is comma-separated); {category} becomes the account\'s category' }),
  webhookSecret: Type.Optional(Type.String({ minLength: 1, form: 'a key of at least one character', placeholder: 'K', description: 'signature key of every tenant\'s webhooks; default: one generated per tenant, kept in the database' })),
  webhookTimeout: Type.String({ default: '30s', placeholder: 'D', description: 'how long a receiver has to answer a delivery' }),
  webhookAllowPrivate: Type.Boolean({ default: false, description: 'let webhook targets be link-local addresses (169.254.0.0/16, fe80::/10), cloud metadata services (169.254.169.254, fd00:ec2::254, metadata.google.internal...) and 0.0.0.0 or ::, refused by default when a target is added and again at each delivery; loopback and private networks need no flag' }),
  scenarios: Type.Array(Type.String({ minLength: 1, form: 'a scenario file\'s path or a shipped scenario\'s name' }), { default: [], flag: 'scenario', placeholder: 'FILE', description: 'run a scenario file (or a shipped one by name) at start (repeatable; the variable is comma-separated): all are validated first, then played' }),
  apiRevision: Type.Union([Type.Literal('4.0.4'), Type.Literal('2026')], { default: '4.0.4', description: 'which answers to serve: 4.0.4, what @mergeapi/merge-node-client 4.0.4 knows (a strict client parses every record); 2026, also the fields of the 2026 API export that client does not know (crm *_url, filestorage Drive size)' }),
  publicUrl: Type.Optional(Type.String({ pattern: '^https?://[^/?#\\s]+/?$', form: 'an origin, http:// or https:// and a host with an optional port, no path (https://unimock.ci.example)', placeholder: 'URL', description: 'the origin absolute URLs in answers name (webhook_listener_url, magic_link_url, download and OpenAPI server URLs, the widget script), e.g. https://unimock.ci.example: set it when clients reach unimock through a proxy or a shared host; default: the Host the client sent, when it is a valid host' })),
  journalSize: Type.Integer({ minimum: 1, default: 10_000, placeholder: 'N', description: 'requests kept per API key in the request journal; the oldest go first' }),
  journalTotal: Type.Integer({ minimum: 1, default: 100_000, placeholder: 'N', description: 'requests kept in the journals of all API keys together (at least --journal-size): beyond it the journals of the keys quiet the longest go first' }),
  maxTenants: Type.Integer({ minimum: 1, default: 10_000, placeholder: 'N', description: 'API keys the server holds at most (without --api-key any key becomes one): a new key beyond it takes the place of the key idle the longest, whose data is deleted' })
})

/** Settings that hold durations; each must parse (see core/durations.ts). */
const DURATION_SETTINGS = ['syncInterval', 'initialSyncDuration', 'fullResyncInterval', 'webhookTimeout', 'headersTimeout', 'requestTimeout'] as const

/** An ISO 8601 date, or a date and time with a zone: `2026-01-01`, `2026-01-01T09:30:00Z`, `...+02:00`. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i

export type Config = Readonly<Static<typeof ConfigSchema>>

/** A duration setting in milliseconds; parseConfig has already checked it parses. */
export function durationMs (value: string): number {
  return parseDuration(value)!
}
export type ConfigInput = Partial<Static<typeof ConfigSchema>>

export class ConfigError extends Error {}

/** What a setting of a few forms allows, in words: "one of real, virtual", "a whole number from 1, or off". */
export function allowedValues (schema: TSchema): string | undefined {
  const members = (schema as { anyOf?: TSchema[] }).anyOf
  if (members === undefined) return undefined
  const words = members.map((m) => 'const' in m ? String(m.const) : m.type === 'integer' ? `a whole number from ${String(m.minimum ?? 0)}` : String(m.type))
  return members.every((m) => 'const' in m) ? `one of ${words.join(', ')}` : `${words.slice(0, -1).join(', ')}, or ${words.at(-1)!}`
}

/** The range of a number setting in words: "from 0 to 65535", "above 0", "from 1". */
function range (schema: TSchema): string {
  const low = schema.exclusiveMinimum !== undefined ? `above ${String(schema.exclusiveMinimum)}` : schema.minimum !== undefined ? `from ${String(schema.minimum)}` : ''
  const high = schema.maximum !== undefined ? `${low === '' ? 'up' : ''} to ${String(schema.maximum)}` : ''
  return `${low}${high}`.trim()
}

/**
 * The form a setting's value takes, in words, for the error that names a bad one: `port` is "a whole number
 * from 0 to 65535"; a list's item (`webhookUrls/0`) is the item's form.
 */
export function settingForm (schema: TSchema): string {
  const allowed = allowedValues(schema)
  if (allowed !== undefined) return allowed
  if (schema.type === 'array') return settingForm(schema.items as TSchema)
  if (typeof schema.form === 'string') return schema.form
  if (schema.type === 'boolean') return 'true or false'
  if (schema.type === 'integer') return `a whole number ${range(schema)}`.trim()
  if (schema.type === 'number') return `a number ${range(schema)}`.trim()
  return 'a text of at least one character'
}

/** Fills defaults, checks every value, and freezes. Throws ConfigError naming the first bad setting. */
export function parseConfig (input: ConfigInput = {}): Config {
  const withDefaults = Value.Default(ConfigSchema, structuredClone(input))
  const first = Value.Errors(ConfigSchema, withDefaults).First()
  if (first !== undefined) {
    const name = first.path.split('/')[1] || 'config'
    const setting = ConfigSchema.properties[name as keyof typeof ConfigSchema.properties] as TSchema | undefined
    const why = setting === undefined ? first.message : `must be ${settingForm(setting)}`
    throw new ConfigError(`invalid setting ${name}: ${why} (got ${JSON.stringify(first.value)})`)
  }
  const config = withDefaults as Static<typeof ConfigSchema>
  if (!ISO_INSTANT.test(config.clockStart) || Number.isNaN(Date.parse(config.clockStart))) {
    throw new ConfigError(`invalid setting clockStart: "${config.clockStart}" is not an ISO 8601 date or date-time with a zone, such as 2026-01-01 or 2026-01-01T09:30:00Z`)
  }
  if (config.timeScale !== 1 && config.clock === 'virtual') {
    throw new ConfigError('invalid setting timeScale: it applies to the real clock only; a virtual clock moves only through POST /_unimock/clock/advance (drop it, or use the real clock)')
  }
  // A --webhook-url goes to every key's deliveries: one aimed at a metadata service is refused before the start.
  for (const url of config.webhookAllowPrivate ? [] : config.webhookUrls) {
    const refused = refusedWebhookUrl(url)
    if (refused !== undefined) throw new ConfigError(`invalid setting webhookUrls: ${refused} (got ${JSON.stringify(url)}); give another target, or start unimock with --webhook-allow-private for a deliberate set-up`)
  }
  // With --api-key no key is listed at all (the operator gave them); asking for the list there would be ignored silently.
  if (config.dashboardKeys === 'list' && config.apiKeys.length > 0) {
    throw new ConfigError('invalid setting dashboardKeys: list applies to a server without --api-key, where any key is accepted; with --api-key, open the dashboard with the link unimock prints at start (/_unimock/ui#key=...)')
  }
  for (const key of DURATION_SETTINGS) {
    const value = config[key]
    if (value === undefined || parseDuration(value) !== undefined) continue
    const hint = isBareNumber(value) ? ` (a bare number has no unit: write ${value}ms, ${value}s or ${value}m)` : ''
    throw new ConfigError(`invalid setting ${key}: "${value}" is not ${DURATION}${hint}`)
  }
  // A slow client is bounded only by a bound above zero (Node reads 0 as no bound at all), and the headers are
  // part of the request: a headers bound beyond the request's would never act.
  for (const key of ['headersTimeout', 'requestTimeout'] as const) {
    if (parseDuration(config[key]) === 0) throw new ConfigError(`invalid setting ${key}: must be a duration above 0, such as 10s (got "${config[key]}")`)
  }
  if (parseDuration(config.headersTimeout)! > parseDuration(config.requestTimeout)!) {
    throw new ConfigError(`invalid setting headersTimeout: "${config.headersTimeout}" is longer than --request-timeout (${config.requestTimeout}), which bounds the whole request, headers included: lower it or raise --request-timeout`)
  }
  return Object.freeze(config)
}
