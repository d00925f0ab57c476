import t from 'tap'
import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadBundle } from '../../src/code-cache.js'

const bundleSource = (word: string): string => `#!/usr/bin/env node
const { basename } = require('node:path')
module.exports.word = () => '${word}'
module.exports.file = () => basename(__filename)
`

t.test('a first load compiles; the cache it saves is taken by the next load of the same source', async (t) => {
  const dir = t.testdir({ 'bundle.cjs': bundleSource('alpha') })
  const file = join(dir, 'bundle.cjs')
  const first = loadBundle(file)
  t.equal(first.cacheAccepted, false, 'no cache yet')
  t.equal((first.exports.word as () => string)(), 'alpha')
  t.equal((first.exports.file as () => string)(), 'bundle.cjs', 'the bundle sees its own __filename and require')
  t.equal(first.saveCodeCache(), true)
  t.match(readFileSync(`${file}.cache`, 'latin1'), /^unimock-code-cache-1 [0-9a-f]{40} [0-9a-f]{40}\n/)

  const second = loadBundle(file)
  t.equal(second.cacheAccepted, true, 'V8 compiled from the cache')
  t.equal((second.exports.word as () => string)(), 'alpha')
})

t.test('a cache made from other source of the same length is never used: the new code runs', async (t) => {
  const dir = t.testdir({ 'bundle.cjs': bundleSource('alpha') })
  const file = join(dir, 'bundle.cjs')
  loadBundle(file).saveCodeCache()
  // V8 alone would accept this cache: it checks a source's length, not its content.
  writeFileSync(file, bundleSource('omega'))
  const edited = loadBundle(file)
  t.equal(edited.cacheAccepted, false)
  t.equal((edited.exports.word as () => string)(), 'omega')
})

t.test('a damaged cache is never used (V8 would take it): the bundle compiles afresh', async (t) => {
  const dir = t.testdir({ 'bundle.cjs': bundleSource('alpha') })
  const file = join(dir, 'bundle.cjs')
  loadBundle(file).saveCodeCache()
  const cache = readFileSync(`${file}.cache`)
  const headerEnd = cache.indexOf(10) + 1
  cache.fill(7, headerEnd + 16)
  writeFileSync(`${file}.cache`, cache)
  const loaded = loadBundle(file)
  t.equal(loaded.cacheAccepted, false)
  t.equal((loaded.exports.word as () => string)(), 'alpha')
})

t.test('a cache that cannot be written is skipped without an error', async (t) => {
  const dir = t.testdir({ 'bundle.cjs': bundleSource('alpha') })
  const loaded = loadBundle(join(dir, 'bundle.cjs'), join(dir, 'no-such-dir', 'bundle.cjs.cache'))
  t.equal(loaded.saveCodeCache(), false)
  t.equal(existsSync(join(dir, 'no-such-dir')), false)
})

t.test('the bin writes a cache when it finds none, once it has served, and not for --version', async (t) => {
  // The launcher finds the fixtures by walking up from its own folder, so the copy lives inside dist/.
  const built = fileURLToPath(new URL('../../dist/src/', import.meta.url))
  const dir = mkdtempSync(join(built, '..', 'code-cache-test-'))
  t.teardown(() => { rmSync(dir, { recursive: true, force: true }) })
  for (const name of ['launcher.js', 'code-cache.js', 'server.bundle.cjs']) copyFileSync(join(built, name), join(dir, name))
  const cacheFile = join(dir, 'server.bundle.cjs.cache')

  const version = spawn(process.execPath, [join(dir, 'launcher.js'), '--version'], { stdio: 'ignore' })
  t.equal(await new Promise((resolve) => version.once('exit', resolve)), 0)
  t.equal(existsSync(cacheFile), false, '--version leaves no cache: it compiled too little to be worth keeping')

  const serve = async (): Promise<void> => {
    const child = spawn(process.execPath, [join(dir, 'launcher.js'), '--port', '0', '--log-level', 'silent'], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    await new Promise<void>((resolve) => child.stdout.on('data', (c: Buffer) => { out += c.toString(); if (out.includes('listening on')) resolve() }))
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    t.equal(await exited, 0)
  }
  await serve()
  t.equal(existsSync(cacheFile), true, 'the first start left a cache behind')
  const written = statSync(cacheFile).mtimeMs
  await serve()
  t.equal(statSync(cacheFile).mtimeMs, written, 'the second start took it and wrote nothing')
})
