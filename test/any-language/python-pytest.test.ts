import { execFile, spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'

/**
 * examples/python-pytest/ as a Python team would run it: `python3 -m pytest` on the folder, its conftest
 * starting the built CLI on a free port with the virtual clock; in a clone, in a project where the package is
 * installed (node_modules/unimock), and started through `npx`, which does not pass SIGTERM on. After each run no
 * process the session started is left: each run marks its environment, and /proc is searched for the mark.
 * Needs Debian's python3-pytest and python3-httpx (.ci/run installs them); without them it is skipped, saying
 * so. Needs `npm run build` first, like the CLI tests.
 */

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const EXAMPLE = 'examples/python-pytest'

/** The first Python 3 that imports pytest and httpx: $PYTHON, the one on PATH, Debian's. */
function python (): string | undefined {
  const candidates = [process.env.PYTHON, 'python3', '/usr/bin/python3'].filter((p): p is string => p !== undefined && p !== '')
  return candidates.find((p) => spawnSync(p, ['-c', 'import pytest, httpx'], { stdio: 'ignore' }).status === 0)
}

/** The processes whose environment holds `mark` (Linux: /proc/PID/environ), with their command lines. */
function marked (mark: string): string[] {
  const found: string[] = []
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(mark)) {
        found.push(`${pid}: ${readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ')}`)
      }
    } catch {} // gone meanwhile, or not ours to read
  }
  return found
}

/** pytest on `folder` from `cwd`; what it printed, and the processes of its session still running after it. */
async function pytest (py: string, folder: string, cwd: string, env: Record<string, string> = {}): Promise<{ stdout: string, left: string[] }> {
  // Not a UNIMOCK_ name: unimock would report it as no setting of its own.
  const value = randomUUID()
  const { stdout } = await run(py, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', folder], {
    cwd, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', ...env, PYTEST_RUN_MARK: value }, timeout: 120_000
  }).catch((err: { stdout?: string, stderr?: string, message: string }) => {
    throw new Error(`pytest failed: ${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`)
  })
  return { stdout, left: process.platform === 'linux' ? marked(`PYTEST_RUN_MARK=${value}`) : [] }
}

const py = python()
if (py === undefined) {
  t.skip(`${EXAMPLE}: no python3 with pytest and httpx (apt-get install python3-pytest python3-httpx)`, async () => {})
} else if (!existsSync(`${root}/dist/src/launcher.js`)) {
  throw new Error('dist/ is not built: run `npm run build` first')
} else {
  t.test(`${EXAMPLE}: python3 -m pytest passes against the built CLI, and stops it`, async (t) => {
    // No .pytest_cache or __pycache__ left in the clone; the conftest finds node on PATH (the suite's own Node).
    const { stdout, left } = await pytest(py, EXAMPLE, root)
    t.match(stdout, /\b2 passed\b/, 'both tests of the example pass')
    t.same(left, [], 'no process of the session outlives it')
  })

  t.test('in a project with the package installed, the fixture runs the installed CLI, and stops it', async (t) => {
    const project = mkdtempSync(join(tmpdir(), 'unimock-pytest-'))
    t.teardown(() => { rmSync(project, { recursive: true, force: true }) })
    mkdirSync(join(project, 'tests'))
    for (const file of ['conftest.py', 'test_link_flow.py']) copyFileSync(join(root, EXAMPLE, file), join(project, 'tests', file))
    // What npm install leaves: the package, and its bin linked in node_modules/.bin.
    mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true })
    symlinkSync(root, join(project, 'node_modules', 'unimock'), 'dir')
    symlinkSync('../unimock/dist/src/launcher.js', join(project, 'node_modules', '.bin', 'unimock'))
    writeFileSync(join(project, 'package.json'), JSON.stringify({ private: true, devDependencies: { unimock: '*' } }))
    const { stdout, left } = await pytest(py, 'tests', project)
    t.match(stdout, /\b2 passed\b/)
    t.same(left, [], 'no process of the session outlives it')
  })

  t.test('started through npx (UNIMOCK_COMMAND), which does not pass SIGTERM on, the server still stops', async (t) => {
    const { stdout, left } = await pytest(py, EXAMPLE, root, { UNIMOCK_COMMAND: 'npx --no-install unimock' })
    t.match(stdout, /\b2 passed\b/)
    t.same(left, [], 'the fixture stopped the process group, not only npx')
  })
}
