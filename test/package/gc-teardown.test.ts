import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import t from 'tap'

/**
 * The pattern that aborted every process on Node 24.19 and later with better-sqlite3 12: statements finalized by
 * the garbage collector, during work and at teardown, tripped an assertion in Node's environment cleanup hooks
 * (SIGABRT, exit 134). One child process starts and closes unimock many times, linking an account, moving a day
 * and reading a page each time, and collects garbage between cycles and before it exits. Run on the Node that
 * runs the suite, so `.ci/run` checks it on every line engines names.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
if (!existsSync(`${root}dist/src/index.js`)) throw new Error('dist/ is not built: run `npm run build` first')

const CYCLES = 30
const script = `
import { startUnimock } from ${JSON.stringify(`${root}dist/src/index.js`)}
const key = { authorization: 'Bearer test_gc', 'content-type': 'application/json' }
for (let i = 0; i < ${CYCLES}; i++) {
  const server = await startUnimock({ seed: i })
  const linked = await fetch(server.url + '/_unimock/linked-accounts', { method: 'POST', headers: key, body: JSON.stringify({ category: 'hris', end_user_origin_id: 'gc-' + i }) })
  if (linked.status !== 201) throw new Error('link answered ' + linked.status)
  const { account_token } = await linked.json()
  const moved = await fetch(server.url + '/_unimock/clock/advance', { method: 'POST', headers: key, body: JSON.stringify({ by: '1d' }) })
  if (moved.status !== 200) throw new Error('advance answered ' + moved.status)
  const page = await fetch(server.url + '/api/hris/v1/employees?page_size=5', { headers: { ...key, 'x-account-token': account_token } })
  if (page.status !== 200) throw new Error('employees answered ' + page.status)
  await page.json()
  await server.close()
  globalThis.gc()
}
globalThis.gc()
process.stdout.write('cycles done\\n')
`

t.test(`${CYCLES} start/link/advance/read/close cycles with forced collections end cleanly`, async (t) => {
  const child = spawn(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.on('data', (c: Buffer) => { out += c.toString() })
  child.stderr.on('data', (c: Buffer) => { err += c.toString() })
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (c, s) => resolve([c, s])))
  t.equal(signal, null, `no signal (stderr: ${err.slice(0, 600)})`)
  t.equal(code, 0, `exit 0 on Node ${process.versions.node}`)
  t.equal(out, 'cycles done\n', 'every cycle ran')
})
