import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { buildApp } from '../app.js'
import type { Config } from '../config.js'
import { wallNow } from '../core/clock.js'
import { junitReport } from '../conform/report/junit.js'
import { tapReport } from '../conform/report/tap.js'
import type { Verdict } from '../conform/verdict.js'
import { Progress, type ProgressOut } from './progress.js'
import { checkScenarioSources, playScenarioSource, readScenarioSource, summaryLines, type ScenarioRunSummary } from './scenario-runs.js'

/** Machine-readable reports of a check, the same options as `unimock conform`'s. */
export interface CheckReports {
  /** Write the runs as JUnit XML to this file, beside the lines. */
  readonly junit?: string
  /** Print the runs as TAP on stdout instead of the lines. */
  readonly tap?: boolean
}

/**
 * `unimock check FILE|NAME...`: plays each scenario on a fresh in-memory server on the virtual clock and
 * exits with a status a CI job can gate on: 0 when every run passed, 1 when one failed, 2 when a file is
 * invalid (nothing runs then). Nothing listens.
 *
 * Each scenario's world replays with the seed, its run id too (each is the first run of its own server); the
 * check itself gets an id of its own per invocation, named in its TAP and JUnit reports, so two CI runs'
 * reports are told apart.
 */
export async function checkScenarios (targets: readonly string[], config: Config, print: (line: string) => void, progress?: ProgressOut, reports: CheckReports = {}): Promise<number> {
  const started = wallNow()
  const checkRun = randomUUID()
  const sources = targets.map((target) => readScenarioSource(target, 'check', config.apiKeys))
  const validator = buildApp(config)
  try {
    await validator.ready()
    await checkScenarioSources(validator, sources, 'check')
  } finally {
    await validator.close()
  }
  const runs: ScenarioRunSummary[] = []
  for (const source of sources) {
    // Each file on a server of its own: one run's accounts, syncs and clock never reach the next.
    const app = buildApp(config)
    // The progress line is erased before the run's summary lines are printed.
    const done = progress === undefined ? () => {} : new Progress(progress, `check ${source.file}`).watch(app)
    try {
      await app.ready()
      const run = await playScenarioSource(app, source, 'check')
      done()
      runs.push(run)
      if (reports.tap !== true) for (const line of summaryLines(run)) print(line)
    } finally {
      done()
      await app.close()
    }
  }
  const failed = runs.filter((run) => run.state !== 'passed').length
  const verdicts = runs.map(verdictOf)
  if (reports.tap === true) print(tapReport(verdicts, [`unimock check run ${checkRun}`]).trimEnd())
  else print(`${runs.length} scenario${runs.length === 1 ? '' : 's'}: ${runs.length - failed} passed, ${failed} failed`)
  if (reports.junit !== undefined) {
    writeFileSync(reports.junit, junitReport(verdicts, wallNow() - started, { name: 'unimock check', classname: () => 'check', properties: { run_id: checkRun }, failureType: 'scenario' }))
  }
  return failed === 0 ? 0 : 1
}

/** A scenario run as a report's test case: passed, or failed with each step that did not end done. */
function verdictOf (run: ScenarioRunSummary): Verdict {
  const id = run.name === run.file ? run.name : `${run.name} (${run.file})`
  const rule = `the steps and expectations of scenario ${run.file}`
  const detail = `${run.state}, run ${run.id}, API key ${run.apiKey}`
  if (run.state === 'passed') return { id, rule, outcome: 'pass', detail }
  return { id, rule, outcome: 'fail', detail, evidence: { expected: 'every step done and every expectation met', got: run.problems.join('\n') || run.state } }
}
