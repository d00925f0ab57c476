import t from 'tap'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { entry, run, start } from './helpers.js'

// The CLI is tested as users run it: the built entry point (npm test builds first).
t.before(() => {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build (npm test does it)`)
})

t.test('--port 0 picks a free port and prints one line with the URL; SIGTERM exits 0', async (t) => {
  const s = await start(['--port', '0'])
  t.match(s.url, /^http:\/\/127\.0\.0\.1:\d+$/)
  t.equal(s.stdout().trim().split('\n').length, 1, 'one human line on stdout')
  t.match(s.stdout(), /; dashboard http:\/\/127\.0\.0\.1:\d+\/_unimock\/ui\n$/, 'naming the dashboard too')
  const res = await fetch(`${s.url}/_unimock/health`)
  t.equal(res.status, 200)
  t.match(await res.json(), { status: 'ok' })
  t.equal(await s.stop('SIGTERM'), 0)
})

t.test('SIGINT closes a file database cleanly (WAL checkpointed and removed)', async (t) => {
  const dir = t.testdir()
  const db = join(dir, 'unimock.db')
  const s = await start(['--port', '0', '--db', db])
  t.equal((await fetch(`${s.url}/_unimock/health`)).status, 200)
  t.ok(existsSync(db), 'the database file exists while running')
  t.equal(await s.stop('SIGINT'), 0)
  t.notOk(existsSync(`${db}-wal`), 'no write-ahead log left behind after a clean close')
})

t.test('--version and --help print and exit 0', async (t) => {
  const v = await run(['--version'])
  t.equal(v.code, 0)
  t.match(v.stdout, /^\d+\.\d+\.\d+\n$/)
  const h = await run(['--help'])
  t.equal(h.code, 0)
  t.match(h.stdout, /--port/)
})

t.test('an unknown flag or a bad value exits non-zero naming the flag', async (t) => {
  const unknown = await run(['--frobnicate'])
  t.equal(unknown.code, 2)
  t.match(unknown.stderr, /--frobnicate/)
  const bad = await run(['--clock', 'sideways'])
  t.equal(bad.code, 2)
  t.match(bad.stderr, /--clock/)
})

t.test('a --db the server cannot open exits 2 naming the flag, the path and the form it takes', async (t) => {
  const missing = join(t.testdir(), 'no-such-dir', 'u.db')
  const res = await run(['--port', '0', '--db', missing])
  t.equal(res.code, 2, res.stderr)
  t.match(res.stderr, `unimock: invalid value for --db: must be a file path in a directory that exists and can be written, or :memory: (got "${missing}": `)
  t.match(res.stderr, /directory does not exist/)
  t.notMatch(res.stderr, /failed to start/)
})
