import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { FLAGS, unknownVariables } from '../../src/cli/flags.js'
import { isToolVariable } from '../../src/cli/tool-variables.js'

/**
 * Every UNIMOCK_ name the project's own files use (the sources, its scripts, the Action, the CI scripts, the
 * examples, the docs, the bench and the tests) is a setting or a tool variable that unimock never reports as unknown, so no
 * job that uses the project's own tools gets a warning about them.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const PLACES = ['src', 'scripts', 'action.yml', '.ci', 'examples', 'Dockerfile', 'bench', 'docs', 'README.md', 'test']
/** UNIMOCK_ names that are no variable at all, or wrong on purpose. */
const NOT_VARIABLES = new Set([
  'UNIMOCK_VERSION', 'UNIMOCK_BLANK_DATABASE_SCRIPT', 'UNIMOCK_FREEZE_FIXTURES', // constants the bundle's build defines
  'UNIMOCK_SERVER', // a constant of bench/lib/unimock.js
  'UNIMOCK_SEEED', 'UNIMOCK_WHATEVER_ELSE' // the tests' unknown variables
])

function files (path: string): string[] {
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path).filter((name) => !['node_modules', '__pycache__', 'target', '.pytest_cache'].includes(name))
    .flatMap((name) => files(join(path, name)))
}

t.test('every UNIMOCK_ name of the project\'s files is a setting or a known tool variable', async (t) => {
  const settings = new Set(FLAGS.map((f) => f.env))
  const used = new Map<string, string>()
  for (const place of PLACES) {
    for (const file of files(join(root, place))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bUNIMOCK_[A-Z0-9_]*[A-Z0-9]\b/g)) used.set(m[0], file.slice(root.length))
    }
  }
  t.ok(used.size > 40, `${String(used.size)} names found`)
  const unknown = [...used].filter(([name]) => !settings.has(name) && !isToolVariable(name) && !NOT_VARIABLES.has(name))
  t.same(unknown.map(([name, file]) => `${name} (${file})`), [], 'no name unimock would warn about')
})

t.test('the tool variables are not warned about; a misspelt setting still is', async (t) => {
  const env = {
    UNIMOCK_URL: 'http://127.0.0.1:4010', UNIMOCK_REPORT_DIR: '/tmp/r', UNIMOCK_ACTION_SCENARIOS: 'happy-path',
    UNIMOCK_ACTION_PORT: '0', UNIMOCK_COMMAND: 'npx unimock', UNIMOCK_IMAGE: 'unimock:latest', UNIMOCK_NODE_CACHE: '/c',
    UNIMOCK_BENCH_SERVER: 'x', UNIMOCK_SEEED: '7'
  }
  t.same(unknownVariables(env), ['UNIMOCK_SEEED is not a setting and is ignored (did you mean UNIMOCK_SEED?)'])
})
