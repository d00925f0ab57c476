import { readFileSync, realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { parse as parseYaml } from 'yaml'
import { buildApp, type UnimockApp } from './app.js'
import { ConfigError, parseConfig, type Config, type ConfigInput } from './config.js'
import { version } from './version.js'

/**
 * The process entry: the only place that reads process.env and argv, and (with startUnimock) the only place
 * that listens. Flags win over UNIMOCK_<NAME> environment variables, which win over defaults.
 */

interface FlagSpec {
  readonly key: keyof ConfigInput
  /** `list`: repeatable flag; its environment variable is comma-separated. */
  readonly kind: 'string' | 'integer' | 'number' | 'list' | 'integer-or-off'
  readonly help: string
}

const FLAGS: Record<string, FlagSpec> = {
  port: { key: 'port', kind: 'integer', help: 'TCP port (default 4010; 0 picks a free port)' },
  host: { key: 'host', kind: 'string', help: 'interface to listen on (default 127.0.0.1)' },
  db: { key: 'db', kind: 'string', help: 'SQLite database file (default :memory:; a file persists across restarts)' },
  clock: { key: 'clock', kind: 'string', help: 'real | virtual (default real); a virtual clock moves only through POST /_unimock/clock/advance' },
  'clock-start': { key: 'clockStart', kind: 'string', help: 'the instant a virtual clock starts at (default 2026-01-01T00:00:00.000Z)' },
  'time-scale': { key: 'timeScale', kind: 'number', help: 'real clock only: play time N times faster, for live demos (default 1)' },
  seed: { key: 'seed', kind: 'integer', help: 'integer seed for every random choice (default 1)' },
  'log-level': { key: 'logLevel', kind: 'string', help: 'fatal | error | warn | info | debug | trace | silent (default warn); logs go to stderr' },
  'body-limit': { key: 'bodyLimit', kind: 'integer', help: 'largest request body in bytes (default 1048576); larger bodies answer 413' },
  'data-volume': { key: 'dataVolume', kind: 'list', help: 'initial records of one model, model=count (repeatable; e.g. employees=1000000 or hris.companies=3); default: a 50-300 person company' },
  'data-scale': { key: 'dataScale', kind: 'number', help: 'multiply the default size of every simulated data set (default 1)' },
  'data-churn': { key: 'dataChurn', kind: 'number', help: 'share of records the simulated systems change per day (default 0.02); a quarter as many are created, a tenth deleted' },
  'data-cache-mb': { key: 'dataCacheMb', kind: 'number', help: 'memory for serialised records of the data endpoints in MB (default 32; 0: regenerate on every read)' },
  'plant-auth': { key: 'plantAuth', kind: 'string', help: 'none | required (default none): whether adding or updating a plant needs a login token' },
  'plant-token-ttl': { key: 'plantTokenTtl', kind: 'integer', help: 'plant store login token lifetime in seconds (default 3600)' },
  'api-key': { key: 'apiKeys', kind: 'list', help: 'accept only this unified-service API key (repeatable; env comma-separated); default: any key, each its own tenant' },
  'relink-status': { key: 'relinkStatus', kind: 'integer', help: '401 | 403 (default 401): status of every call on a linked account that needs relinking' },
  'public-token-ttl': { key: 'publicTokenTtl', kind: 'integer', help: 'public token lifetime in seconds (default 600); a public token is single use' },
  'sync-interval': { key: 'syncInterval', kind: 'string', help: 'automatic sync interval (default 24h; e.g. 5m)' },
  'initial-sync-duration': { key: 'initialSyncDuration', kind: 'string', help: 'fixed duration of every initial and FULL sync (default: 2m plus 100ms per record, at most 4h)' },
  'sync-passes': { key: 'syncPasses', kind: 'integer', help: 'passes an initial or FULL sync writes its records in (default 4)' },
  'rate-limit': { key: 'rateLimit', kind: 'integer-or-off', help: 'requests per minute per linked account, or off (default 100)' },
  'full-resync-interval': { key: 'fullResyncInterval', kind: 'string', help: 'at most one FULL resync per linked account in this window (default 1h; 0s: no limit)' },
  'webhook-url': { key: 'webhookUrls', kind: 'list', help: 'webhook target of every tenant (repeatable); {category} is replaced by the account\'s category' },
  'webhook-secret': { key: 'webhookSecret', kind: 'string', help: 'webhook signature key of every tenant (default: one generated per tenant, kept in the database)' },
  'webhook-timeout': { key: 'webhookTimeout', kind: 'string', help: 'webhook response timeout (default 30s)' },
  scenario: { key: 'scenarios', kind: 'list', help: 'run this scenario file at start (repeatable; env comma-separated): validated first, then played; on the virtual clock to its end before listening' },
  'journal-size': { key: 'journalSize', kind: 'integer', help: 'requests kept per API key in the request journal (default 10000); the oldest go first' }
}

export class UsageError extends Error {}

const envName = (flag: string): string => 'UNIMOCK_' + flag.toUpperCase().replace(/-/g, '_')

type FlagValue = string | number | string[]

function convert (spec: FlagSpec, raw: string, source: string): FlagValue {
  if (spec.kind === 'string') return raw
  if (spec.kind === 'list') return raw.split(',').map((item) => item.trim()).filter((item) => item !== '')
  if (spec.kind === 'integer-or-off' && raw.trim() === 'off') return 'off'
  const n = Number(raw)
  const ok = raw.trim() !== '' && Number.isFinite(n) && (spec.kind === 'number' || Number.isInteger(n))
  if (!ok) {
    const expected = spec.kind === 'number' ? 'a number' : spec.kind === 'integer-or-off' ? 'an integer or off' : 'an integer'
    throw new UsageError(`${source} must be ${expected}, got "${raw}"`)
  }
  return n
}

export function usage (): string {
  const lines = Object.entries(FLAGS).map(([flag, spec]) => `  --${flag.padEnd(16)} ${spec.help}\n  ${''.padEnd(18)} env ${envName(flag)}`)
  return [
    `unimock ${version}: a simulator of the unified integration service and the plant store`,
    '',
    'Usage: unimock [options]',
    '',
    ...lines,
    '  --help             print this help',
    '  --version          print the version',
    ''
  ].join('\n')
}

export type CliCommand = { kind: 'help' } | { kind: 'version' } | { kind: 'run', config: Config }

/** Parses argv and the environment into a command. Throws UsageError naming the offending flag. */
export function parseCli (argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CliCommand {
  const options = Object.fromEntries(Object.entries(FLAGS).map(([f, spec]) => [f, { type: 'string' as const, multiple: spec.kind === 'list' }]))
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ...options, help: { type: 'boolean' }, version: { type: 'boolean' } },
      strict: true,
      allowPositionals: false
    })
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
  }
  const values = parsed.values as Record<string, string | string[] | boolean | undefined>
  if (values.help === true) return { kind: 'help' }
  if (values.version === true) return { kind: 'version' }

  const input: Record<string, FlagValue> = {}
  for (const [flag, spec] of Object.entries(FLAGS)) {
    const fromFlag = values[flag]
    const fromEnv = env[envName(flag)]
    if (typeof fromFlag === 'string') input[spec.key] = convert(spec, fromFlag, `--${flag}`)
    else if (Array.isArray(fromFlag)) input[spec.key] = fromFlag
    else if (fromEnv !== undefined && fromEnv !== '') input[spec.key] = convert(spec, fromEnv, envName(flag))
  }
  try {
    return { kind: 'run', config: parseConfig(input as ConfigInput) }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    // A list setting reports the bad item's index (apiKeys/0); the flag's name is what the user typed.
    const match = /invalid setting (\w+)(?:\/\d+)?/.exec(error.message)
    const key = match?.[1]
    const flag = Object.entries(FLAGS).find(([, s]) => s.key === key)?.[0]
    throw new UsageError(flag === undefined ? error.message : error.message.replace(match![0], `invalid value for --${flag}`))
  }
}

export interface StartOptions extends ConfigInput {}

export interface RunningUnimock {
  /** Base URL, e.g. http://127.0.0.1:54321 */
  readonly url: string
  readonly app: UnimockApp
  /** The runs of `scenarios` (GET /_unimock/scenarios/{run} answers); on the virtual clock they are finished. */
  readonly runs: readonly ScenarioRunSummary[]
  close(): Promise<void>
}

export interface ScenarioRunSummary {
  readonly file: string
  readonly id: string
  readonly name: string
  readonly state: string
  /** The API key the run acted with: settings.api_key, else the first --api-key, else "unimock-scenario". */
  readonly apiKey: string
  /** Each step that did not end done: "step 3 (at 1h): failed: sync acme: expected DONE, got 16 SYNCING". */
  readonly problems: readonly string[]
}

/**
 * Scenario files given at start: every one is read and validated before any runs (a bad file stops the start
 * with its one-line message), then each runs through the control API, as POST /_unimock/scenarios/run would.
 */
async function runStartScenarios (app: UnimockApp): Promise<ScenarioRunSummary[]> {
  const config = app.unimock.config
  const files = config.scenarios.map((file) => {
    let text: string
    try { text = readFileSync(file, 'utf8') } catch (error) { throw new UsageError(`--scenario ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`) }
    let settings: { api_key?: unknown } | undefined
    // A file that does not parse gets its one-line message from the check below.
    try { settings = (parseYaml(text) as { settings?: { api_key?: unknown } } | null)?.settings } catch { settings = undefined }
    const apiKey = typeof settings?.api_key === 'string' ? settings.api_key : config.apiKeys[0] ?? 'unimock-scenario'
    return { file, text, apiKey }
  })
  const call = async (url: string, f: { file: string, text: string, apiKey: string }) => {
    const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${f.apiKey}` }, payload: { text: f.text, source: f.file } })
    if (res.statusCode >= 300) throw new UsageError(`--scenario ${(res.json() as { detail?: string }).detail ?? res.body}`)
    return res.json() as { id: string, name: string, state: string, steps: Array<{ step: number, at: string, state: string, detail: string | null, checks: Array<{ check: string, ok: boolean, expected: string, actual: string }> }> }
  }
  for (const f of files) await call('/_unimock/scenarios/check', f)
  const runs: ScenarioRunSummary[] = []
  for (const f of files) {
    const run = await call('/_unimock/scenarios/run', f)
    const problems = run.steps.filter((s) => s.state === 'failed' || s.state === 'error').map((s) => {
      const failed = s.checks.filter((c) => !c.ok).map((c) => `${c.check}: expected ${c.expected}, got ${c.actual}`)
      return `step ${s.step} (at ${s.at}): ${s.state}: ${[s.detail, ...failed].filter((x) => x !== null).join('; ')}`
    })
    runs.push({ file: f.file, id: run.id, name: run.name, state: run.state, apiKey: f.apiKey, problems })
  }
  return runs
}

/**
 * Starts a real unimock server for a test suite: a free port on 127.0.0.1 and a virtual clock unless
 * told otherwise. Call close() when done.
 */
export async function startUnimock (options: StartOptions = {}): Promise<RunningUnimock> {
  const app = buildApp({ port: 0, clock: 'virtual', logLevel: 'silent', ...options })
  const config = app.unimock.config
  let runs: ScenarioRunSummary[]
  try {
    await app.ready()
    runs = await runStartScenarios(app)
  } catch (error) {
    await app.close()
    throw error
  }
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  return { url: `http://${host}:${port}`, app, runs, close: async () => { await app.close() } }
}

/** Runs the command line; resolves true once a server is listening, false for --help and --version. */
async function main (): Promise<boolean> {
  let command: CliCommand
  try {
    command = parseCli(process.argv.slice(2), process.env)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    process.stderr.write(`unimock: ${error.message}\nRun unimock --help for the list of options.\n`)
    process.exit(2)
  }
  if (command.kind === 'help') { process.stdout.write(usage()); return false }
  if (command.kind === 'version') { process.stdout.write(`${version}\n`); return false }

  let running: RunningUnimock
  try {
    running = await startUnimock(command.config)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    process.stderr.write(`unimock: ${error.message}\n`)
    process.exit(2)
  }
  for (const run of running.runs) {
    process.stdout.write(`scenario ${run.name} (${run.file}): ${run.state}, run ${run.id}, API key ${run.apiKey}\n`)
    for (const problem of run.problems) process.stdout.write(`  ${problem}\n`)
  }
  process.stdout.write(`unimock listening on ${running.url} (clock ${command.config.clock}, db ${command.config.db})\n`)

  let closing = false
  const shutdown = (signal: string): void => {
    if (closing) return
    closing = true
    running.app.log.info({ signal }, 'closing')
    // In-flight requests finish; the database closes in the app's onClose hook.
    running.close().then(() => process.exit(0), (error: unknown) => {
      process.stderr.write(`unimock: failed to close cleanly: ${String(error)}\n`)
      process.exit(1)
    })
  }
  process.on('SIGINT', () => { shutdown('SIGINT') })
  process.on('SIGTERM', () => { shutdown('SIGTERM') })
  return true
}

function isEntry (): boolean {
  const entry = process.argv[1]
  if (entry === undefined) return false
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

/** The CLI, as the bin (launcher.ts) and a direct `node dist/src/server.js` run it. */
export async function runCli (): Promise<boolean> {
  return await main().catch((error: unknown) => {
    process.stderr.write(`unimock: failed to start: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}

if (isEntry()) void runCli()
