import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'

/**
 * `npm run lint` fails on errors and warnings; infos pass it but print a diagnostic with its diff into every CI
 * log. The code stays free of all three, so a CI log's lint step says only how many files it checked.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const biome = fileURLToPath(new URL('../../node_modules/.bin/biome', import.meta.url))

t.test('biome finds nothing to report, not even an info', async (t) => {
  const { stdout } = await promisify(execFile)(biome, ['lint', '--reporter=json'], { cwd: root, maxBuffer: 64 * 1024 * 1024 })
  const report = JSON.parse(stdout) as { summary: { errors: number, warnings: number, infos: number }, diagnostics: Array<{ location?: { path?: string }, category?: string }> }
  t.same(report.diagnostics.map((d) => `${d.location?.path ?? '?'}: ${d.category ?? '?'}`), [])
  t.match(report.summary, { errors: 0, warnings: 0, infos: 0 })
})
