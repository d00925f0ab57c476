// Writes dist/src/server.bundle.cjs.cache, V8's compiled code for the CLI bundle (see src/code-cache.ts):
// it starts the built bin once, asks it what a first client asks, and stops it; the bin writes the cache as
// it exits. Run by `npm run build`, so every build, `npm ci` and Docker image starts from a warm cache.
import { spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const launcher = fileURLToPath(new URL('../dist/src/launcher.js', import.meta.url))
const cacheFile = fileURLToPath(new URL('../dist/src/server.bundle.cjs.cache', import.meta.url))
const fail = (message) => { process.stderr.write(`warm-code-cache: ${message}\n`); process.exit(1) }

rmSync(cacheFile, { force: true })
const child = spawn(process.execPath, [launcher, '--port', '0', '--clock', 'virtual', '--log-level', 'silent'], { stdio: ['ignore', 'pipe', 'inherit'] })
const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)))

let out = ''
const url = await new Promise((resolve) => {
  child.stdout.on('data', (chunk) => {
    out += chunk
    const found = /listening on (http:\/\/\S+)/.exec(out)
    if (found) resolve(found[1])
  })
  void exited.then(() => resolve(undefined))
})
if (url === undefined) fail(`the server did not start:\n${out}`)

for (const path of ['/_unimock/health', '/v3/plant/1']) {
  const res = await fetch(url + path)
  if (res.status !== 200) fail(`GET ${path} answered ${res.status}`)
  await res.arrayBuffer()
}
child.kill('SIGTERM')
const status = await exited
if (status !== 0) fail(`the server exited with ${status}`)
if (!existsSync(cacheFile)) fail(`no cache was written at ${cacheFile}`)
