import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'

/**
 * Any test file runs alone (`npx tap FILE`) with only what it uses: a file that opens no browser needs no
 * Chromium, and the run prints its TAP summary without a coverage table (coverage is off unless asked for).
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const tap = fileURLToPath(new URL('../../node_modules/.bin/tap', import.meta.url))

t.test('one file that opens no browser runs where no Chromium is installed', async (t) => {
  // Not as a child of this tap run: a fresh run, as a person would type it.
  const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' }
  delete env.TAP
  delete env.TAP_CHILD_ID
  const { stdout, stderr } = await promisify(execFile)(tap, ['--reporter=tap', '--no-color', 'test/core/durations.test.ts'],
    { cwd: root, env, maxBuffer: 16 * 1024 * 1024 }).catch((err: { stdout: string, stderr: string }) => err)
  t.notMatch(stderr, /Chromium|missing/, 'no prerequisite refused the run')
  t.match(stdout, /^# \{ total: \d+, pass: \d+ \}$/m, `the file ran and passed: ${stdout.slice(-400)}`)
  t.notMatch(stdout, /% Stmts|check-test-prerequisites/, 'no coverage table')
})
