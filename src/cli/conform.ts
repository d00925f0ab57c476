import { statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { parseDuration } from '../core/durations.js'
import { CHECKS, conform, type ConformOptions, type ConformResult } from '../conform/conform.js'
import { junitReport } from '../conform/report/junit.js'
import { summaryLine, verdictLines } from '../conform/report/lines.js'
import { tapReport } from '../conform/report/tap.js'
import { argsError, UsageError } from './flags.js'

/**
 * `unimock conform`: the conformance kit on the command line. Its flags are its own (the backend's URL,
 * prefix, login headers, how to start it), parsed here like unimock's: a misspelt flag gets a "did you mean",
 * a bad value names the flag. Exit status: 0 every check passed or was not applicable, 1 one failed, 2 the kit
 * could not run or could not report.
 */

interface ConformFlag {
  readonly flag: string
  readonly value?: string
  readonly multiple?: boolean
  readonly boolean?: boolean
  readonly help: string
}

const FLAGS: readonly ConformFlag[] = [
  { flag: 'app-url', value: 'URL', help: 'the backend\'s base URL, e.g. http://127.0.0.1:3100 (required)' },
  { flag: 'app-prefix', value: 'P', help: 'the prefix of its integrator routes (the spec\'s {app_prefix}), e.g. /api/integrations (required unless --routes gives one)' },
  { flag: 'routes', value: 'FILE', help: 'a route map (JSON): your own route names, methods and field names (docs/conformance.md); the spec\'s by default' },
  { flag: 'poll-interval', value: 'D', help: 'how often the backend polls sync-status by itself (e.g. 1m): resilience.polling waits for that poll' },
  { flag: 'app-header', value: '\'H: v\'', multiple: true, help: 'a header that makes a request a logged-in user, e.g. \'X-Demo-User: alice\' (repeatable; required)' },
  { flag: 'app-header-2', value: '\'H: v\'', multiple: true, help: 'the same for a second user of another organisation (repeatable): more checks get an integration of their own' },
  { flag: 'app-command', value: 'CMD', help: 'start the backend with this shell command, with UNIMOCK_URL, UNIMOCK_API_KEY, UNIMOCK_WEBHOOK_KEY and PORT set; stopped at the end (SIGTERM)' },
  { flag: 'app-log', value: 'FILE', help: 'keep the backend\'s output here (default: next to --junit, else a new temporary folder; named in the last line)' },
  { flag: 'app-env', value: 'NAME=V', multiple: true, help: 'give the backend a setting under its own name: V is url, api-url, api-key, webhook-key or port (e.g. MERGE_API_KEY=api-key; repeatable)' },
  { flag: 'port', value: 'N', help: 'unimock\'s port (default 0: a free one)' },
  { flag: 'api-key', value: 'K', help: 'the run\'s API key (default: a new one per run)' },
  { flag: 'webhook-key', value: 'K', help: 'the run\'s webhook signature key (default: a new one per run)' },
  { flag: 'timeout', value: 'D', help: 'bound of each call to the backend (default 5s)' },
  { flag: 'wait', value: 'D', help: 'how long to wait for the backend to answer at start (default 30s)' },
  { flag: 'only', value: 'ID,ID', help: 'run only these checks' },
  { flag: 'app-page', value: 'URL', help: 'also judge your page in headless Chromium: the page with the connect control, e.g. http://127.0.0.1:3100/ (the page. checks)' },
  { flag: 'page-login', value: 'HOW', help: 'what makes the browser a logged-in user of its own organisation: \'cookie:NAME=VALUE\', \'header:Name: value\' or \'url:LOGIN_URL field=value ...\'' },
  { flag: 'page-connect', value: 'TEXT', help: 'the connect control\'s accessible name or CSS selector, when the kit cannot find a button "Connect …"' },
  { flag: 'page-reconnect', value: 'TEXT', help: 'the reconnect control\'s accessible name or CSS selector, when the kit cannot find a button "Reconnect …"' },
  { flag: 'page-delete', value: 'TEXT', help: 'the control that removes the connection, when the kit cannot find a button "Disconnect …", "Delete …" or "Remove …"' },
  { flag: 'page-words', value: 'W,W', help: 'more words the page must not show (a white-label product\'s), besides the service\'s name and its token and key names' },
  { flag: 'junit', value: 'FILE', help: 'also write the verdicts as JUnit XML' },
  { flag: 'tap', boolean: true, help: 'print the verdicts as TAP instead of lines' },
  { flag: 'help', boolean: true, help: 'print this help' }
]

export function conformUsage (): string {
  return [
    'Usage: unimock conform --app-url URL (--app-prefix P | --routes FILE) --app-header \'H: v\' [options]',
    '',
    'Drives your backend through the situations the unified service\'s rules cover, with unimock as the service,',
    'and gives a verdict per rule. Exit status: 0 all passed (or not applicable), 1 a check failed, 2 the kit',
    'could not run or could not write its report.',
    '',
    ...FLAGS.map((f) => `  ${`--${f.flag}${f.value === undefined ? '' : ` ${f.value}`}`.padEnd(30)} ${f.help}`),
    '',
    `Checks: ${CHECKS.map((c) => c.id).join(', ')}`,
    ''
  ].join('\n')
}

export type ConformCommand =
  | { readonly kind: 'conform-help' }
  | { readonly kind: 'conform', readonly options: ConformOptions, readonly junit: string | undefined, readonly tap: boolean }

function duration (value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined
  const ms = parseDuration(value)
  if (ms === undefined || ms <= 0) throw new UsageError(`invalid value for --${flag}: must be a duration such as 5s or 500ms (got "${value}")`)
  return ms
}

/** The arguments after `conform`. Throws UsageError naming the offending flag. */
export function parseConform (argv: readonly string[]): ConformCommand {
  let values: Record<string, string | string[] | boolean | undefined>
  try {
    const parsed = parseArgs({
      args: [...argv],
      options: Object.fromEntries(FLAGS.map((f) => [f.flag, { type: f.boolean === true ? 'boolean' as const : 'string' as const, multiple: f.multiple === true }])),
      strict: true,
      allowPositionals: false
    })
    values = parsed.values as typeof values
  } catch (error) {
    throw argsError(error, FLAGS.map((f) => `--${f.flag}`), 'conform: ')
  }
  if (values.help === true) return { kind: 'conform-help' }
  const text = (name: string): string | undefined => values[name] as string | undefined
  if (text('app-url') === undefined) throw new UsageError('conform needs --app-url')
  if (text('app-prefix') === undefined && text('routes') === undefined) throw new UsageError('conform needs --app-prefix (or a --routes map with a "prefix")')
  const headers = (values['app-header'] as string[] | undefined) ?? []
  if (headers.length === 0) throw new UsageError('conform needs --app-header at least once: a header that makes a request a logged-in user')
  const port = text('port')
  if (port !== undefined && !/^\d+$/.test(port)) throw new UsageError(`invalid value for --port: must be a whole number from 0 to 65535 (got "${port}")`)
  return {
    kind: 'conform',
    options: {
      appUrl: text('app-url')!,
      appPrefix: text('app-prefix'),
      routes: text('routes'),
      pollIntervalMs: duration(text('poll-interval'), 'poll-interval'),
      appHeaders: headers,
      appHeaders2: values['app-header-2'] as string[] | undefined,
      appCommand: text('app-command'),
      appEnv: values['app-env'] as string[] | undefined,
      appLog: text('app-log') ?? (text('junit') === undefined ? undefined : join(dirname(text('junit')!), 'backend.log')),
      port: port === undefined ? undefined : Number(port),
      apiKey: text('api-key'),
      webhookKey: text('webhook-key'),
      timeoutMs: duration(text('timeout'), 'timeout'),
      waitMs: duration(text('wait'), 'wait'),
      only: text('only')?.split(',').map((id) => id.trim()).filter((id) => id !== ''),
      appPage: text('app-page'),
      pageLogin: text('page-login'),
      pageConnect: text('page-connect'),
      pageReconnect: text('page-reconnect'),
      pageDelete: text('page-delete'),
      pageWords: text('page-words')?.split(','),
      // A failed page check's screenshot goes next to the JUnit file, named after the check.
      pageShots: text('junit') === undefined ? undefined : dirname(text('junit')!)
    },
    junit: text('junit'),
    tap: values.tap === true
  }
}

/**
 * Why a report file cannot be written, found before the run (its folder is missing), so a run of minutes does
 * not end in a report nobody can read; undefined when it may be. Writing it may still fail (runConform says so).
 */
function reportFolderFault (path: string): string | undefined {
  const folder = dirname(path)
  const found = statSync(folder, { throwIfNoEntry: false })
  if (found === undefined) return `there is no folder ${folder}`
  return found.isDirectory() ? undefined : `${folder} is not a folder`
}

/**
 * Runs the kit and prints its verdicts; resolves the exit status: 1 only when a check failed, 2 whenever the
 * kit could not run or could not report (a bad setting, an unwritable --junit path), with one line saying so.
 */
export async function runConform (command: Extract<ConformCommand, { kind: 'conform' }>, out: (line: string) => void, err: (line: string) => void): Promise<number> {
  const junit = command.junit
  const folderFault = junit === undefined ? undefined : reportFolderFault(junit)
  if (folderFault !== undefined) {
    err(`unimock conform: cannot write --junit ${junit!}: ${folderFault}`)
    return 2
  }
  let result: ConformResult
  try {
    result = await conform({ ...command.options, print: command.tap ? err : out })
  } catch (error) {
    // conform() turns what it foresees into status 2 itself; anything else is the kit failing to run all the same.
    err(`unimock conform: the kit could not run: ${(error as Error).message}`)
    return 2
  }
  if (result.error !== undefined && result.verdicts.length === 0) {
    err(`unimock conform: ${result.error}`)
    if (result.appLog !== undefined) err(`unimock conform: the backend's output is in ${result.appLog}`)
    return result.status
  }
  if (command.tap) out(tapReport(result.verdicts).trimEnd())
  else {
    for (const v of result.verdicts) for (const line of verdictLines(v)) out(line)
    out(summaryLine(result.verdicts, result.ms))
  }
  if (result.error !== undefined) err(`unimock conform: ${result.error}`)
  if (result.appLog !== undefined) err(`unimock conform: the backend's output is in ${result.appLog}`)
  if (junit !== undefined) {
    try {
      writeFileSync(junit, junitReport(result.verdicts, result.ms))
    } catch (error) {
      // A CI job that reads the report would find none: that is the kit failing to report, whatever the verdicts.
      err(`unimock conform: could not write --junit ${junit}: ${(error as Error).message}`)
      return 2
    }
  }
  return result.status
}
