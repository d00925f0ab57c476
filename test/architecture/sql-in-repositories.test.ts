import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'

/**
 * SQL lives in repositories (docs/ARCHITECTURE.md): a file of src/ that prepares a statement is a repository
 * (named *-repository.ts or repository.ts), the store itself, or one of the few storage classes named for
 * what they keep. A service that needs a query asks its repository for it.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')

/** Storage classes not named *Repository, each only SQL over its table(s). */
const STORAGE = new Set([
  'store/database.ts', 'store/tenant-presets.ts',
  'integration/third-party/data/records/written.ts', 'integration/third-party/data/records/remote-edits.ts',
  'integration/background/sync/sync-history.ts', 'integration/service/writes/presets.ts',
  'integration/third-party/remote/passthrough-presets.ts'
])

function files (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [])
}

t.test('only repositories and storage classes prepare SQL', async (t) => {
  const preparing = files(SRC).filter((f) => /\.prepare\s*[<(]/.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f))
  t.ok(preparing.length > 10, `${preparing.length} files hold SQL`)
  const strays = preparing.filter((f) => !/(^|[/-])repository\.ts$/.test(f) && !STORAGE.has(f))
  t.same(strays, [], 'no service prepares a statement of its own')
  t.same([...STORAGE].filter((f) => !preparing.includes(f)), [], 'every storage class listed still holds SQL (keep the list honest)')
})
