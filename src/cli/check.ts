import { buildApp } from '../app.js'
import type { Config } from '../config.js'
import { Progress, type ProgressOut } from './progress.js'
import { checkScenarioSources, playScenarioSource, readScenarioSource, summaryLines } from './scenario-runs.js'

/**
 * `unimock check FILE|NAME...`: plays each scenario on a fresh in-memory server on the virtual clock and
 * exits with a status a CI job can gate on: 0 when every run passed, 1 when one failed, 2 when a file is
 * invalid (nothing runs then). Nothing listens.
 */
export async function checkScenarios (targets: readonly string[], config: Config, print: (line: string) => void, progress?: ProgressOut): Promise<number> {
  const sources = targets.map((target) => readScenarioSource(target, 'check', config.apiKeys))
  const validator = buildApp(config)
  try {
    await validator.ready()
    await checkScenarioSources(validator, sources, 'check')
  } finally {
    await validator.close()
  }
  let failed = 0
  for (const source of sources) {
    // Each file on a server of its own: one run's accounts, syncs and clock never reach the next.
    const app = buildApp(config)
    // The progress line is erased before the run's summary lines are printed.
    const done = progress === undefined ? () => {} : new Progress(progress, `check ${source.file}`).watch(app)
    try {
      await app.ready()
      const run = await playScenarioSource(app, source, 'check')
      done()
      if (run.state !== 'passed') failed++
      for (const line of summaryLines(run)) print(line)
    } finally {
      done()
      await app.close()
    }
  }
  print(`${sources.length} scenario${sources.length === 1 ? '' : 's'}: ${sources.length - failed} passed, ${failed} failed`)
  return failed === 0 ? 0 : 1
}
