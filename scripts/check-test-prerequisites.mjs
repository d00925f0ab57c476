// Run by tap before any test file (package.json "tap.before") and by npm test before it builds: what the suite
// needs outside npm. A Chromium for the link widget tests, and curl and jq for the examples of the README and docs/. Without
// them, one line names the fix and the run stops, instead of every test that needs them failing on its own.
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

const executable = (path) => { try { accessSync(path, constants.X_OK); return true } catch { return false } }
const onPath = (name) => (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && executable(join(dir, name)))

// better-sqlite3 13 crashes (a segmentation fault) on Node 20: say so before any test does.
const major = Number(process.versions.node.split('.')[0])
if (major !== 22 && major !== 24) {
  process.stderr.write(`unimock tests: Node ${process.versions.node} is not a line unimock runs on (22 or 24); ` +
    '`source scripts/use-node.sh 24` brings one for this shell\n')
  process.exit(1)
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const missing = []
if (!executable(chromium)) missing.push({ what: `Chromium (none at ${chromium})`, apt: 'chromium' })
for (const tool of ['curl', 'jq']) if (!onPath(tool)) missing.push({ what: tool, apt: tool })
if (missing.length > 0) {
  process.stderr.write(`unimock tests: missing ${missing.map((m) => m.what).join(', ')}: install Debian's with ` +
    `apt-get install -y ${missing.map((m) => m.apt).join(' ')}${missing.some((m) => m.apt === 'chromium') ? ' (or set CHROMIUM_PATH to a Chromium binary)' : ''}\n`)
  process.exit(1)
}
