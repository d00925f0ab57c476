import { spawn } from 'node:child_process'
import t from 'tap'
import { entry } from './helpers.js'

/**
 * The bin prints no warning of Node's. Its bundle used to run in a vm.Script with Node's experimental dynamic
 * import loader, and the first module it loaded late (node:zlib, for the first gzipped /openapi.json) printed
 * "ExperimentalWarning: vm.USE_MAIN_CONTEXT_DEFAULT_LOADER is an experimental feature" on the server's stderr
 * (and at the top of `npm test`). Needs `npm run build` first.
 */

t.test('a gzipped /openapi.json loads node:zlib without a warning on stderr', async (t) => {
  const child = spawn(process.execPath, [entry, '--port', '0', '--clock', 'virtual'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stderr.on('data', (c: Buffer) => { err += c.toString() })
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m !== null) resolve(m[1]!)
    })
    child.once('exit', (code) => { reject(new Error(`exited ${String(code)}: ${err}`)) })
  })
  const res = await fetch(`${url}/openapi.json`, { headers: { 'accept-encoding': 'gzip' } })
  t.equal(res.headers.get('content-encoding'), 'gzip')
  t.equal(((await res.json()) as { openapi: string }).openapi, '3.1.0', 'the document, gunzipped by fetch')
  const exited = new Promise((resolve) => { child.once('exit', resolve) })
  child.kill('SIGTERM')
  t.equal(await exited, 0)
  t.notMatch(err, /Warning/, 'no warning on stderr')
})
