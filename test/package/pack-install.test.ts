import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import { engineViolations, lowestVersionPerLine } from './node-lines.js'

/**
 * What a consumer gets: the project packed as `npm publish` would pack it, installed into a scratch project
 * with `npm install --engine-strict` (from the npm cache where it can), type-checked with
 * `skipLibCheck: false`, and run. Needs `npm run build` first, like the CLI tests.
 */

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string, engines: { node: string }, [field: string]: unknown }
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
// Settings of an enclosing `npm test` (npm_config_*) would leak into the nested npm commands.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')))

if (!existsSync(join(root, 'dist/src/index.js')) || !existsSync(join(root, 'dist/src/server.bundle.cjs'))) {
  throw new Error('dist/ is not built: run `npm run build` first')
}

const work = mkdtempSync(join(tmpdir(), 'unimock-pack-'))
t.teardown(() => { rmSync(work, { recursive: true, force: true }) })

// --ignore-scripts: dist/ is already built; `prepare` would build it again.
const packed = JSON.parse((await run(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: root, env })).stdout) as Array<{ filename: string, files: Array<{ path: string }> }>
const files = packed[0]!.files.map((f) => f.path)
const tarball = join(work, packed[0]!.filename)

t.test('the tarball holds what a consumer needs and nothing bound to this machine', async (t) => {
  for (const needed of ['LICENSE', 'CHANGELOG.md', 'README.md', 'package.json', 'dist/src/index.js', 'dist/src/index.d.ts',
    'dist/src/launcher.js', 'dist/src/server.bundle.cjs', 'fixtures/unified-models.json', 'fixtures/plant-seed.json',
    'scenarios/happy-path.yaml', 'schemas/scenario.schema.json', 'dist/src/testcontainers.js', 'dist/src/testcontainers.d.ts']) {
    t.ok(files.includes(needed), `has ${needed}`)
  }
  t.same(files.filter((f) => f.endsWith('.map')), [], 'no source maps (they point at src/, which is not shipped)')
  t.match(manifest, {
    repository: { type: 'git', url: /^git\+https:\/\/github\.com\/[\w-]+\/[\w-]+\.git$/ },
    homepage: /^https:\/\//,
    bugs: { url: /^https:\/\/.*\/issues$/ },
    peerDependenciesMeta: { testcontainers: { optional: true } }
  }, 'names its repository, homepage and issue tracker; testcontainers is an optional peer')
  t.same(files.filter((f) => f.endsWith('.cache')), [], 'no V8 code cache (bound to the Node that wrote it)')
  t.same(files.filter((f) => /^(src|test|bench|scripts)\//.test(f)), [], 'no sources, tests or benchmarks')
})

const consumer = join(work, 'consumer')
mkdirSync(consumer)
writeFileSync(join(consumer, 'package.json'), JSON.stringify({
  name: 'consumer',
  private: true,
  type: 'module',
  dependencies: { unimock: `file:${tarball}`, '@types/node': '^22.12.0' }
}))

t.test('installs with --engine-strict, and every package it pulls in allows every Node line of engines', async (t) => {
  // --engine-strict and still no install script anywhere: better-sqlite3 13 ships its prebuilt Node-API addons
  // inside its npm package (nothing to download or compile), so --ignore-scripts changes nothing for it.
  await run(npm, ['install', '--engine-strict', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: consumer, env })
  const lock = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8')) as Parameters<typeof engineViolations>[0]
  const lines = lowestVersionPerLine(manifest.engines.node)
  t.ok(lines.length >= 2, `engines names Node lines: ${lines.join(', ')}`)
  t.same(engineViolations(lock, lines), [], 'no installed package refuses the lowest version of a line')
  t.notOk(existsSync(join(consumer, 'node_modules/testcontainers')), 'testcontainers, an optional peer of unimock/testcontainers, is not installed')
  const cookies = Object.entries(lock.packages).filter(([path]) => path.endsWith('node_modules/cookie')).map(([, p]) => p.version)
  t.notOk(cookies.some((v) => v?.startsWith('2.')), `no cookie 2 (Node 22 only) through light-my-request: ${cookies.join(', ')}`)
})

t.test('its public types check with skipLibCheck: false and no devDependency of unimock', async (t) => {
  writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({
    // A Node project's settings: no DOM library, so a public type that leans on a browser global fails here.
    // (It is also 1.4 s less to check, of 5.5 s.)
    compilerOptions: { target: 'ES2022', lib: ['ES2022'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, noEmit: true, types: ['node'] },
    include: ['consumer.ts']
  }))
  writeFileSync(join(consumer, 'consumer.ts'), [
    "import { buildApp, parseConfig, startUnimock, type RunningUnimock, type StartOptions } from 'unimock'",
    "const options: StartOptions = { seed: 7, clockStart: '2030-01-01T00:00:00Z' }",
    'const server: RunningUnimock = await startUnimock(options)',
    "const app = buildApp(parseConfig({ clock: 'virtual' }))",
    'console.log(server.url, server.runs.length, app.unimock.config.seed)',
    'await server.close()',
    ''
  ].join('\n'))
  const tsc = join(root, 'node_modules/typescript/bin/tsc')
  const result = await run(process.execPath, [tsc, '-p', consumer], { cwd: consumer }).then(() => 'no errors', (error: { stdout: string }) => error.stdout)
  t.equal(result, 'no errors', 'tsc --noEmit in the consumer')
})

t.test('it runs: startUnimock from the package and the unimock bin', async (t) => {
  t.notOk(existsSync(join(consumer, 'node_modules/better-sqlite3/build')), 'nothing was compiled for better-sqlite3: its prebuilt addon runs')

  writeFileSync(join(consumer, 'run.mjs'), [
    "import { startUnimock } from 'unimock'",
    'const server = await startUnimock()',
    "const get = async (path) => (await fetch(server.url + path)).json()",
    "console.log(JSON.stringify({ health: await get('/_unimock/health'), plant: await get('/v3/plant/1'), scenarios: (await (await fetch(server.url + '/_unimock/scenarios', { headers: { authorization: 'Bearer test_key' } })).json()).files.length }))",
    'await server.close()',
    ''
  ].join('\n'))
  const out = JSON.parse((await run(process.execPath, ['run.mjs'], { cwd: consumer })).stdout) as { health: { version: string }, plant: { id: number }, scenarios: number }
  t.equal(out.health.version, manifest.version, 'health answers the packed version')
  t.equal(out.plant.id, 1, 'the plant seed (fixtures/) was found')
  t.ok(out.scenarios >= 8, 'the shipped scenarios were found')

  const bin = await run(process.execPath, [join(consumer, 'node_modules/unimock/dist/src/launcher.js'), '--version'], { cwd: consumer })
  t.equal(bin.stdout.trim(), manifest.version, 'the bin runs from the installed package')
})
