import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { buildApp, type UnimockApp } from './app.js'
import { checkScenarios, type CheckReports } from './cli/check.js'
import { conformUsage, parseConform, runConform, type ConformCommand } from './cli/conform.js'
import { argsError, convert, FLAGS, flagForm, flagHelp, type FlagValue, switchValues, unknownVariables, UsageError } from './cli/flags.js'
import { everyInterface, listenFailure, reachableHost } from './cli/listening.js'
import { Progress, type ProgressOut } from './cli/progress.js'
import { checkScenarioSources, playScenarioSource, readScenarioSource, summaryLines, type ScenarioRunSummary } from './cli/scenario-runs.js'
import { settingError, settingSources, sourceOf, type SettingSources } from './cli/sources.js'
import { ConfigError, parseConfig, type Config, type ConfigInput } from './config.js'
import { version } from './version.js'

export { UsageError } from './cli/flags.js'
export type { ScenarioRunSummary } from './cli/scenario-runs.js'

/**
 * The process entry: the only place that reads process.env and argv, and (with startUnimock) the only place
 * that listens. Flags win over UNIMOCK_<NAME> environment variables, which win over defaults; the flags
 * themselves come from the settings schema (src/cli/flags.ts).
 */

export function usage (): string {
  const lines = FLAGS.map((spec) => {
    const form = flagForm(spec)
    return `  ${form.padEnd(30)} ${flagHelp(spec)}\n  ${''.padEnd(30)} env ${spec.env}`
  })
  return [
    `unimock ${version}: a simulator of the unified integration service and the plant store`,
    '',
    'Usage: unimock [options]                 serve',
    '       unimock check [options] FILE...   play scenario files (or shipped ones by name, such as happy-path)',
    '                                         on the virtual clock; exit 0 if all pass, 1 if one fails;',
    '                                         --junit FILE also writes JUnit XML, --tap prints TAP instead',
    '       unimock conform --app-url URL --app-prefix P --app-header \'H: v\' [options]',
    '                                         check your backend against the service\'s rules; see',
    '                                         unimock conform --help',
    '',
    ...lines,
    '  --help                         print this help',
    '  --version                      print the version',
    ''
  ].join('\n')
}

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'run', config: Config, warnings: readonly string[], sources: SettingSources }
  | { kind: 'check', config: Config, targets: readonly string[], warnings: readonly string[], reports: CheckReports, sources: SettingSources }
  | ConformCommand

/**
 * `npm start --clock virtual`: npm takes --clock as its own setting (npm_config_clock in the environment) and
 * passes only "virtual" on. The hint names the flag npm swallowed.
 */
function swallowed (argument: string, env: Readonly<Record<string, string | undefined>>): string {
  const flag = FLAGS.find((f) => env[`npm_config_${f.flag.replaceAll('-', '_')}`] !== undefined)
  return flag === undefined ? '' : `; did you mean \`npm start -- --${flag.flag} ${argument}\`? (npm keeps flags before -- for itself)`
}

/** Parses argv and the environment into a command. Throws UsageError naming the offending flag. */
export function parseCli (argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CliCommand {
  // conform takes flags of its own (the backend's), so it is told apart before unimock's flags are parsed.
  if (argv[0] === 'conform') return parseConform(argv.slice(1))
  const options = Object.fromEntries(FLAGS.map((spec) => [spec.flag, { type: spec.kind === 'boolean' ? 'boolean' as const : 'string' as const, multiple: spec.kind === 'list' }]))
  const switches = switchValues(argv)
  let parsed: { values: Record<string, unknown>, positionals: string[] }
  try {
    parsed = parseArgs({
      args: switches.args,
      options: { ...options, help: { type: 'boolean' }, version: { type: 'boolean' }, junit: { type: 'string' }, tap: { type: 'boolean' } },
      strict: true,
      allowPositionals: true
    })
  } catch (error) {
    throw argsError(error, [...FLAGS.map((f) => `--${f.flag}`), '--junit', '--tap'])
  }
  const values = parsed.values as Record<string, string | string[] | boolean | undefined>
  if (values.help === true) return { kind: 'help' }
  if (values.version === true) return { kind: 'version' }
  const [command, ...targets] = parsed.positionals
  if (command === 'conform') throw new UsageError('conform comes first: unimock conform --app-url URL ... (its flags are its own)')
  if (command !== undefined && command !== 'check') throw new UsageError(`unexpected argument '${command}': the commands are check (unimock check FILE...) and conform (unimock conform --help)${swallowed(command, env)}`)
  if (command === 'check' && targets.length === 0) throw new UsageError('check needs at least one scenario file or shipped scenario name')
  const reports: CheckReports = { junit: values.junit as string | undefined, tap: values.tap === true }
  if (command !== 'check' && (reports.junit !== undefined || reports.tap === true)) throw new UsageError('--junit and --tap report a check: unimock check --junit FILE FILE...')
  if (reports.junit === '') throw new UsageError('invalid value for --junit: must be the path of the XML file to write (got "")')

  const input: Record<string, FlagValue> = {}
  for (const spec of FLAGS) {
    const fromFlag = values[spec.flag]
    const fromEnv = env[spec.env]
    const fromSwitch = switches.values.get(spec)
    if (fromFlag === true) input[spec.key] = true
    else if (fromSwitch !== undefined) input[spec.key] = fromSwitch
    else if (typeof fromFlag === 'string') input[spec.key] = convert(spec, fromFlag, `--${spec.flag}`)
    else if (Array.isArray(fromFlag)) input[spec.key] = fromFlag
    else if (fromEnv !== undefined && fromEnv !== '') input[spec.key] = convert(spec, fromEnv, spec.env)
  }
  const sources = settingSources(values, env)
  if (command === 'check') {
    const clock = sourceOf('clock', sources)
    if (input.clock === 'real') throw new UsageError(`check plays scenarios on the virtual clock: drop ${clock === '--clock' ? '--clock real' : `${clock}=real`}`)
    if (input.scenarios !== undefined) throw new UsageError(`check takes its scenario files as arguments, not ${sourceOf('scenarios', sources)}`)
    input.clock = 'virtual'
  }
  const warnings = unknownVariables(env)
  try {
    const config = parseConfig(input as ConfigInput)
    return command === 'check' ? { kind: 'check', config, targets, warnings, reports, sources } : { kind: 'run', config, warnings, sources }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    throw settingError(error, sources)
  }
}

export interface StartOptions extends ConfigInput {}

export interface RunningUnimock {
  /** Base URL, e.g. http://127.0.0.1:54321 */
  readonly url: string
  /**
   * The dashboard's URL; with --api-key, the first key in its #key= fragment, so the link opens that key's
   * world (a fragment never reaches the server or its logs). Without, no key is known: the page asks.
   */
  readonly dashboardUrl: string
  readonly app: UnimockApp
  /** The runs of `scenarios` (GET /_unimock/scenarios/{run} answers); on the virtual clock they are finished. */
  readonly runs: readonly ScenarioRunSummary[]
  close(): Promise<void>
}

/**
 * Scenario files given at start: every one is read and validated before any runs (a bad file stops the start
 * with its one-line message), then each runs through the control API, as POST /_unimock/scenarios/run would.
 */
async function runStartScenarios (app: UnimockApp): Promise<ScenarioRunSummary[]> {
  const config = app.unimock.config
  const sources = config.scenarios.map((file) => readScenarioSource(file, '--scenario', config.apiKeys))
  await checkScenarioSources(app, sources, '--scenario')
  const runs: ScenarioRunSummary[] = []
  for (const source of sources) runs.push(await playScenarioSource(app, source, '--scenario'))
  return runs
}

/**
 * Starts a real unimock server for a test suite: a free port on 127.0.0.1 and a virtual clock unless
 * told otherwise. Call close() when done.
 */
export async function startUnimock (options: StartOptions = {}, progress?: ProgressOut): Promise<RunningUnimock> {
  const app = buildApp({ port: 0, clock: 'virtual', logLevel: 'silent', ...options })
  const config = app.unimock.config
  let runs: ScenarioRunSummary[]
  // The CLI shows the scenarios' progress on its terminal while they play.
  const done = progress === undefined ? () => {} : new Progress(progress, 'scenarios').watch(app)
  try {
    await app.ready()
    runs = await runStartScenarios(app)
  } catch (error) {
    await app.close()
    throw error
  } finally {
    done()
  }
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.port
  const url = `http://${reachableHost(config.host)}:${port}`
  const key = config.apiKeys[0]
  const dashboardUrl = `${url}/_unimock/ui${key === undefined ? '' : `#key=${encodeURIComponent(key)}`}`
  return { url, dashboardUrl, app, runs, close: async () => { await app.close() } }
}

/** stderr for the progress line when it is a terminal and no log lines (info and below) share it. */
function terminal (config: Config): ProgressOut | undefined {
  return process.stderr.isTTY && ['fatal', 'error', 'warn', 'silent'].includes(config.logLevel) ? process.stderr : undefined
}

/** Runs the command line; resolves true once a server is listening, false for --help and --version. */
async function main (): Promise<boolean> {
  let command: CliCommand
  try {
    command = parseCli(process.argv.slice(2), process.env)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    const conforming = process.argv[2] === 'conform'
    process.stderr.write(`unimock: ${error.message}\nRun unimock ${conforming ? 'conform ' : ''}--help for the list of options.\n`)
    process.exit(2)
  }
  if (command.kind === 'help') { process.stdout.write(usage()); return false }
  if (command.kind === 'conform-help') { process.stdout.write(conformUsage()); return false }
  if (command.kind === 'conform') {
    const status = await runConform(command, (line) => { process.stdout.write(`${line}\n`) }, (line) => { process.stderr.write(`${line}\n`) })
    process.exit(status)
  }
  if (command.kind === 'version') { process.stdout.write(`${version}\n`); return false }
  for (const warning of command.warnings) process.stderr.write(`unimock: ${warning}\n`)
  if (command.kind === 'check') {
    let status: number
    try {
      status = await checkScenarios(command.targets, command.config, (line) => { process.stdout.write(`${line}\n`) }, terminal(command.config), command.reports)
    } catch (error) {
      if (!(error instanceof UsageError)) throw error
      process.stderr.write(`unimock: ${error.message}\n`)
      status = 2
    }
    process.exit(status)
  }

  let running: RunningUnimock
  try {
    running = await startUnimock(command.config, terminal(command.config))
  } catch (error) {
    // A port in use (or one this user may not take) is one line naming the fix, with status 1.
    const failure = listenFailure(error, command.config, command.sources)
    if (failure !== undefined) { process.stderr.write(`unimock: ${failure}\n`); process.exit(1) }
    // A setting only the start can check (a --db the server cannot open) is named like any other.
    const usage = error instanceof ConfigError ? settingError(error, command.sources) : error
    if (!(usage instanceof UsageError)) throw error
    process.stderr.write(`unimock: ${usage.message}\n`)
    process.exit(2)
  }
  for (const run of running.runs) for (const line of summaryLines(run)) process.stdout.write(`${line}\n`)
  // One line, written at once: scripts wait for it and read the URL from it.
  const bound = everyInterface(command.config.host) ? `every interface (${command.config.host}), ` : ''
  process.stdout.write(`unimock listening on ${running.url} (${bound}clock ${command.config.clock}, db ${command.config.db}); dashboard ${running.dashboardUrl}\n`)
  // While serving, the line shows only while accounts' data is being built.
  const out = terminal(command.config)
  if (out !== undefined) new Progress(out, 'unimock', { whileBuilding: true }).watch(running.app)

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
