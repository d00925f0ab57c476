// Run by tap before any test file (package.json "tap.before"): the suite's one prerequisite outside npm is a
// Chromium for the link widget tests. Without it, one line names the fix and the run stops, instead of every
// browser test failing on its own.
import { accessSync, constants } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
try {
  accessSync(chromium, constants.X_OK)
} catch {
  process.stderr.write(`unimock tests: no Chromium at ${chromium}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary\n`)
  process.exit(1)
}
