import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t, { type Test } from 'tap'

/**
 * #48: on a Node that engines does not name, installing or starting stops at once with one line naming the
 * Node found, the lines supported and the command that fixes it, and a non-zero exit, never a crash. The Node
 * is faked (process.versions.node redefined by a preload), so every machine runs this; a Node of another line
 * found on the machine (Debian's /usr/bin/node is 20) also runs the checks for real, which is what proves they
 * load there. Each way in, in a scratch copy of what it needs: the clone's `npm run build` (what `npm ci` runs
 * as prepare) and `npm start` (scripts/node-line.cjs), and an installed package's `npx unimock` (the bin,
 * dist/src/launcher.js, whose package ships no scripts/). Needs `npm run build` first, like the CLI tests.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const engines = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node
const launcher = join(root, 'dist/src/launcher.js')
if (!existsSync(launcher)) throw new Error('dist/ is not built: run `npm run build` first')

const LINES = 'unimock runs on Node 22 (22.12.0 or later) or 24'
const inClone = (found: string): string => `unimock: Node ${found} is not supported: ${LINES}. Fix: source scripts/use-node.sh 24`
const installed = (found: string): string => `unimock: Node ${found} is not supported: ${LINES}. Fix: nvm install 24 (or install Node 24 from https://nodejs.org)`

const work = mkdtempSync(join(tmpdir(), 'unimock-node-line-'))
t.teardown(() => { rmSync(work, { recursive: true, force: true }) })

// A clone: its manifest, the check and use-node.sh, and the built bin.
const clone = join(work, 'clone')
mkdirSync(join(clone, 'scripts'), { recursive: true })
mkdirSync(join(clone, 'dist/src'), { recursive: true })
for (const file of ['package.json', 'scripts/node-line.cjs', 'scripts/use-node.sh', 'dist/src/launcher.js']) copyFileSync(join(root, file), join(clone, file))

// A project with the package installed: what npm links as node_modules/.bin/unimock.
const consumer = join(work, 'consumer')
const pkg = join(consumer, 'node_modules/unimock')
mkdirSync(join(pkg, 'dist/src'), { recursive: true })
mkdirSync(join(consumer, 'node_modules/.bin'))
copyFileSync(join(root, 'package.json'), join(pkg, 'package.json'))
copyFileSync(launcher, join(pkg, 'dist/src/launcher.js'))
chmodSync(join(pkg, 'dist/src/launcher.js'), 0o755)
symlinkSync('../unimock/dist/src/launcher.js', join(consumer, 'node_modules/.bin/unimock'))
writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, dependencies: { unimock: '*' } }))

/** A preload that makes the process report `version` as its Node. */
function fake (version: string): string {
  const file = join(work, `fake-${version}.cjs`)
  writeFileSync(file, `Object.defineProperty(process.versions, 'node', { value: ${JSON.stringify(version)} })\n`)
  return file
}

// An enclosing npm's settings (npm_config_*) and NODE_OPTIONS would leak into the commands run here.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_') && k !== 'NODE_OPTIONS'))

function run (command: string, args: string[], cwd: string, extra: Record<string, string> = {}): { status: number | null, stdout: string, stderr: string } {
  const r = spawnSync(command, args, { cwd, env: { ...env, ...extra }, encoding: 'utf8', timeout: 60_000 })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** Refused as users must see it: the line on stderr, nothing else of ours, exit 1 (npm passes it on), no stack. */
function refused (t: Test, r: { status: number | null, stdout: string, stderr: string }, line: string, what: string): void {
  t.equal(r.status, 1, `${what}: exit status 1`)
  t.equal(r.stderr.split('\n').filter((l) => l.startsWith('unimock:')).join('\n'), line, `${what}: the one line`)
  t.notMatch(r.stderr, /^\s+at |Error|Segmentation/m, `${what}: no stack, no crash`)
  t.notMatch(r.stdout, /listening|^\d+\.\d+\.\d+$/m, `${what}: nothing ran`)
}

t.test('the check reads engines: the lowest version of each line passes, anything else is refused', async (t) => {
  const { refusal } = createRequire(import.meta.url)(join(root, 'scripts/node-line.cjs')) as { refusal: (v: string, e: string) => string | null }
  for (const ok of ['22.12.0', '22.23.3', '24.0.0', 'v24.21.0']) t.equal(refusal(ok, engines), null, `${ok} runs`)
  for (const no of ['20.20.2', '22.11.9', '23.11.0', '25.0.0', 'v18.20.8']) t.equal(refusal(no, engines), inClone(no.replace(/^v/, '')), `${no} is refused`)
  t.equal(refusal('20.0.0', '>=22'), null, 'engines of another form: never refuse on a doubt')
})

t.test('a faked Node 20, 22.11 and 25: the clone\'s check, npm run build (npm ci\'s prepare) and npm start, the installed bin and npx unimock', async (t) => {
  for (const version of ['20.20.2', '22.11.0', '25.0.0']) {
    const preload = fake(version)
    refused(t, run(process.execPath, ['-r', preload, 'scripts/node-line.cjs'], clone), inClone(version), `${version} node scripts/node-line.cjs`)
    refused(t, run(process.execPath, ['-r', preload, 'dist/src/launcher.js', '--version'], clone), inClone(version), `${version} the bin in a clone`)
    refused(t, run(process.execPath, ['-r', preload, 'node_modules/.bin/unimock', '--version'], consumer), installed(version), `${version} the installed bin`)
  }
  // npm itself runs under the faked Node too (NODE_OPTIONS reaches every node it starts): as on a real Node 20.
  const options = { NODE_OPTIONS: `--require ${fake('20.20.2')}` }
  refused(t, run('npm', ['run', 'build'], clone, options), inClone('20.20.2'), 'npm run build')
  refused(t, run('npm', ['start'], clone, options), inClone('20.20.2'), 'npm start')
  refused(t, run('npx', ['--offline', 'unimock', '--version'], consumer, options), installed('20.20.2'), 'npx unimock')
})

/** A node on PATH or in /usr/bin whose line engines does not name, if the machine has one. */
function otherNode (): { path: string, version: string } | undefined {
  for (const path of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(path)) continue
    const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()
    if (![22, 24].includes(Number(version.split('.')[0]))) return { path, version }
  }
  return undefined
}

const other = otherNode()
t.test('a real Node of another line loads the checks and is refused by them', { skip: other === undefined ? 'no Node of another line on this machine' : false }, async (t) => {
  if (other === undefined) return
  refused(t, run(other.path, ['scripts/node-line.cjs'], clone), inClone(other.version), `${other.version} node scripts/node-line.cjs`)
  refused(t, run(other.path, ['dist/src/launcher.js', '--version'], clone), inClone(other.version), `${other.version} the bin in a clone`)
  refused(t, run(other.path, ['node_modules/.bin/unimock', '--version'], consumer), installed(other.version), `${other.version} the installed bin`)
})
