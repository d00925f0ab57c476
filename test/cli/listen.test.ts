import { once } from 'node:events'
import { createServer } from 'node:net'
import t from 'tap'
import { run, start } from './helpers.js'

/**
 * Where the CLI listens, said so a person can act on it: a port already taken is one line naming the flag (or
 * the variable) to change and --port 0; a server bound to every interface prints a URL a browser opens.
 * Needs `npm run build` first.
 */

t.test('a port in use: one line that names --port N and --port 0 (or the variable it came from), status 1', async (t) => {
  const holder = createServer()
  holder.listen(0, '127.0.0.1')
  await once(holder, 'listening')
  t.teardown(() => { holder.close() })
  const port = String((holder.address() as { port: number }).port)

  const byFlag = await run(['--port', port, '--clock', 'virtual'])
  t.equal(byFlag.code, 1)
  t.equal(byFlag.stderr, `unimock: port ${port} on 127.0.0.1 is in use: another server (another unimock?) listens there. Stop it, or start with --port N for another port, or --port 0 for a free one (the start line prints it)\n`)
  t.equal(byFlag.stdout, '')

  const byVariable = await run(['--clock', 'virtual'], { UNIMOCK_PORT: port })
  t.equal(byVariable.code, 1)
  t.match(byVariable.stderr, /^unimock: port \d+ on 127\.0\.0\.1 is in use: .* set UNIMOCK_PORT to another port, or to 0 for a free one .*\n$/)
  t.notMatch(byVariable.stderr, /--port|EADDRINUSE|failed to start/)
})

t.test('bound to every interface, the start line prints a loopback URL and says where it is bound', async (t) => {
  const server = await start(['--host', '0.0.0.0', '--port', '0', '--clock', 'virtual'])
  t.teardown(async () => { await server.stop('SIGTERM') })
  t.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/)
  t.match(server.stdout(), /^unimock listening on http:\/\/127\.0\.0\.1:\d+ \(every interface \(0\.0\.0\.0\), clock virtual, db :memory:\); dashboard http:\/\/127\.0\.0\.1:\d+\/_unimock\/ui\n$/)
  t.equal((await fetch(`${server.url}/_unimock/health`)).status, 200, 'the URL printed answers')
})

t.test('a bad UNIMOCK_CLOCK stops the start with the variable named, status 2', async (t) => {
  const r = await run(['--port', '0'], { UNIMOCK_CLOCK: 'sometimes' })
  t.equal(r.code, 2)
  t.match(r.stderr, /^unimock: invalid value for UNIMOCK_CLOCK: must be one of real, virtual \(got "sometimes"\)\n/)
})
