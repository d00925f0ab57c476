// Stops a clone's build, start and tests on a Node that package.json's engines does not name, with one line
// that says which Node was found, which lines unimock runs on, and the command that brings one. Without it,
// Node 20 got as far as better-sqlite3 13, which crashes there (a segmentation fault, exit 139) in the middle
// of `npm ci`'s build, and `npm start` then failed on a bundle that was never written (#48).
//
// Run before anything else: `npm run build` (so `npm ci`'s prepare) runs it first, `npm start` preloads it
// (node -r), and npm test and every test process import it. So it must itself run on the Node it refuses:
// CommonJS, ES2015 syntax at most, nothing but node:fs and node:path. The installed package, which ships no scripts/, has
// the same check in its bin (src/launcher.ts); test/package/unsupported-node.test.ts holds them to one line.
'use strict'
const fs = require('node:fs')
const path = require('node:path')

const root = path.join(__dirname, '..')

/**
 * The line refusing `version` under `engines` (`^22.12.0 || ^24.0.0`, the only form it reads: caret ranges
 * joined by ||), or null when the version is allowed or engines takes another form (never refuse on a doubt).
 */
function refusal (version, engines) {
  const ranges = engines.split('||').map((part) => /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(part))
  if (ranges.length === 0 || ranges.some((m) => m === null)) return null
  const v = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version)
  if (v === null) return null
  const found = [Number(v[1]), Number(v[2]), Number(v[3])]
  const allowed = ranges.some((m) => {
    const low = [Number(m[1]), Number(m[2]), Number(m[3])]
    return found[0] === low[0] && (found[1] > low[1] || (found[1] === low[1] && found[2] >= low[2]))
  })
  if (allowed) return null
  const lines = ranges.map((m) => m[2] === '0' && m[3] === '0' ? m[1] : `${m[1]} (${m[1]}.${m[2]}.${m[3]} or later)`)
  const named = lines.length === 1 ? lines[0] : `${lines.slice(0, -1).join(', ')} or ${lines[lines.length - 1]}`
  const newest = ranges[ranges.length - 1][1]
  return `unimock: Node ${version.replace(/^v/, '')} is not supported: unimock runs on Node ${named}. Fix: source scripts/use-node.sh ${newest}`
}

module.exports = { refusal }

const engines = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines
const line = engines && typeof engines.node === 'string' ? refusal(process.versions.node, engines.node) : null
if (line !== null) {
  process.stderr.write(`${line}\n`)
  process.exit(1)
}
