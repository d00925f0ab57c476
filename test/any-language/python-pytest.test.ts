import { execFile, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'

/**
 * examples/python-pytest/ as a Python team would run it: `python3 -m pytest` on the folder, its conftest
 * starting the built CLI on a free port with the virtual clock. Needs Debian's python3-pytest and python3-httpx
 * (.ci/run installs them); without them it is skipped, saying so. Needs `npm run build` first, like the CLI tests.
 */

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const EXAMPLE = 'examples/python-pytest'

/** The first Python 3 that imports pytest and httpx: $PYTHON, the one on PATH, Debian's. */
function python (): string | undefined {
  const candidates = [process.env.PYTHON, 'python3', '/usr/bin/python3'].filter((p): p is string => p !== undefined && p !== '')
  return candidates.find((p) => spawnSync(p, ['-c', 'import pytest, httpx'], { stdio: 'ignore' }).status === 0)
}

const py = python()
if (py === undefined) {
  t.skip(`${EXAMPLE}: no python3 with pytest and httpx (apt-get install python3-pytest python3-httpx)`, async () => {})
} else if (!existsSync(`${root}/dist/src/launcher.js`)) {
  throw new Error('dist/ is not built: run `npm run build` first')
} else {
  t.test(`${EXAMPLE}: python3 -m pytest passes against the built CLI`, async (t) => {
    // No .pytest_cache or __pycache__ left in the clone; the conftest finds node on PATH (the suite's own Node).
    const { stdout } = await run(py, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', EXAMPLE], {
      cwd: root, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' }, timeout: 120_000
    }).catch((err: { stdout?: string, stderr?: string, message: string }) => {
      throw new Error(`pytest failed: ${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`)
    })
    t.match(stdout, /\b2 passed\b/, 'both tests of the example pass')
  })
}
