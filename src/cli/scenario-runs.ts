import { existsSync, readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import type { UnimockApp } from '../app.js'
import { packageScenarios, readScenarioFile, scenarioFiles } from '../integration/control/scenarios/files.js'
import { UsageError } from './flags.js'

/**
 * Scenario files named on the command line (--scenario, unimock check), played through the control API as
 * POST /_unimock/scenarios/run would play them.
 */

export interface ScenarioSource {
  /** As given: a path, or the name of a shipped scenario. */
  readonly file: string
  readonly text: string
  /** settings.api_key, else the first --api-key, else "unimock-scenario". */
  readonly apiKey: string
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

/** A file path, or the name of a scenario shipped in the package (`happy-path`), read. */
export function readScenarioSource (given: string, label: string, apiKeys: readonly string[]): ScenarioSource {
  let text: string
  if (existsSync(given)) {
    try { text = readFileSync(given, 'utf8') } catch (error) { throw new UsageError(`${label} ${given}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`) }
  } else {
    const shipped = readScenarioFile(packageScenarios(), given)
    if (shipped === undefined) {
      const names = scenarioFiles(packageScenarios()).map((f) => f.replace(/\.(ya?ml|json)$/, '')).join(', ')
      throw new UsageError(`${label} ${given}: cannot read it (ENOENT): no such file, and no shipped scenario of that name (${names})`)
    }
    text = shipped.text
  }
  let settings: { api_key?: unknown } | undefined
  // A file that does not parse gets its one-line message from the check that follows.
  try { settings = (parseYaml(text) as { settings?: { api_key?: unknown } } | null)?.settings } catch { settings = undefined }
  const apiKey = typeof settings?.api_key === 'string' ? settings.api_key : apiKeys[0] ?? 'unimock-scenario'
  return { file: given, text, apiKey }
}

interface RunAnswer {
  id: string
  name: string
  state: string
  steps: Array<{ step: number, at: string, state: string, detail: string | null, checks: Array<{ check: string, ok: boolean, expected: string, actual: string }> }>
}

async function call (app: UnimockApp, url: string, label: string, source: ScenarioSource): Promise<RunAnswer> {
  const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${source.apiKey}` }, payload: { text: source.text, source: source.file } })
  if (res.statusCode >= 300) throw new UsageError(`${label} ${(res.json() as { detail?: string }).detail ?? res.body}`)
  return res.json() as RunAnswer
}

/** Validates every source against the running app; the first invalid one throws its one-line message. */
export async function checkScenarioSources (app: UnimockApp, sources: readonly ScenarioSource[], label: string): Promise<void> {
  for (const source of sources) await call(app, '/_unimock/scenarios/check', label, source)
}

/** Plays one source (on the virtual clock, to its end) and sums up how it went. */
export async function playScenarioSource (app: UnimockApp, source: ScenarioSource, label: string): Promise<ScenarioRunSummary> {
  const run = await call(app, '/_unimock/scenarios/run', label, source)
  const problems = run.steps.filter((s) => s.state === 'failed' || s.state === 'error').map((s) => {
    const failed = s.checks.filter((c) => !c.ok).map((c) => `${c.check}: expected ${c.expected}, got ${c.actual}`)
    return `step ${s.step} (at ${s.at}): ${s.state}: ${[s.detail, ...failed].filter((x) => x !== null).join('; ')}`
  })
  return { file: source.file, id: run.id, name: run.name, state: run.state, apiKey: source.apiKey, problems }
}

/** The lines a run prints: `scenario x (file): passed, run <id>, API key k`, then one per problem. */
export function summaryLines (run: ScenarioRunSummary): string[] {
  return [`scenario ${run.name} (${run.file}): ${run.state}, run ${run.id}, API key ${run.apiKey}`, ...run.problems.map((p) => `  ${p}`)]
}
