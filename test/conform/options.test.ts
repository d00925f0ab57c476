import t from 'tap'
import { conformUsage, parseConform } from '../../src/cli/conform.js'
import { CHECKS } from '../../src/conform/conform.js'
import { KitError } from '../../src/conform/errors.js'
import { parseHeader, settingsOf, type ConformOptions } from '../../src/conform/options.js'
import { parseCli, UsageError, usage } from '../../src/server.js'

const ids = CHECKS.map((c) => c.id)
const base: ConformOptions = { appUrl: 'http://127.0.0.1:3100', appPrefix: '/api/integrations', appHeaders: ['X-Demo-User: alice'] }

t.test('unimock conform parses its own flags; repeatable headers, --only, durations', async (t) => {
  const cmd = parseCli(['conform', '--app-url', 'http://127.0.0.1:3100', '--app-prefix', '/api/integrations', '--app-header', 'X-Demo-User: alice',
    '--app-header', 'X-Tenant: 1', '--app-header-2', 'X-Demo-User: bob', '--app-command', 'node server.js', '--port', '4010', '--junit', 'out.xml',
    '--tap', '--only', 'link.fresh-token, webhook.signature', '--timeout', '2s', '--wait', '1m'], {})
  t.match(cmd, {
    kind: 'conform',
    junit: 'out.xml',
    tap: true,
    options: {
      appUrl: 'http://127.0.0.1:3100', appPrefix: '/api/integrations', appHeaders: ['X-Demo-User: alice', 'X-Tenant: 1'], appHeaders2: ['X-Demo-User: bob'],
      appCommand: 'node server.js', port: 4010, only: ['link.fresh-token', 'webhook.signature'], timeoutMs: 2000, waitMs: 60_000
    }
  })
  t.same(parseCli(['conform', '--help'], {}), { kind: 'conform-help' })
  t.match(parseCli(['conform', '--app-url', 'http://x', '--routes', 'routes.json', '--app-header', 'A: b', '--poll-interval', '1h'], {}), {
    kind: 'conform', options: { routes: 'routes.json', appPrefix: undefined, pollIntervalMs: 3_600_000 }
  }, 'a route map stands in for --app-prefix; --poll-interval is a duration')
  for (const flag of ['--app-url', '--app-prefix', '--app-header', '--app-header-2', '--app-command', '--port', '--junit', '--tap', '--only']) t.match(conformUsage(), flag)
  t.match(conformUsage(), 'link.origin-id-reused', 'the help lists the check ids')
  t.match(usage(), 'unimock conform', 'unimock --help names the command')
})

t.test('bad flags name the flag, as unimock\'s own do', async (t) => {
  const message = (argv: string[]): string => {
    try { parseConform(argv); return 'accepted' } catch (error) { t.type(error, UsageError); return (error as Error).message }
  }
  const required = ['--app-url', 'http://x', '--app-prefix', '/p', '--app-header', 'A: b']
  t.match(message(['--app-prefix', '/p', '--app-header', 'A: b']), 'conform needs --app-url')
  t.match(message(['--app-url', 'http://x', '--app-header', 'A: b']), 'conform needs --app-prefix (or a --routes map with a "prefix")')
  t.match(message([...required, '--poll-interval', 'often']), 'invalid value for --poll-interval')
  t.match(message(['--app-url', 'http://x', '--app-prefix', '/p']), 'conform needs --app-header at least once')
  t.match(message([...required, '--app-urll', 'x']), 'did you mean --app-url?')
  t.match(message([...required, '--timeout', '5']), 'invalid value for --timeout: must be a duration such as 5s or 500ms (got "5")')
  t.match(message([...required, '--port', 'http']), 'invalid value for --port: must be a whole number from 0 to 65535 (got "http")')
  t.match(message([...required, 'stray']), /stray/)
  t.throws(() => parseCli(['--port', '0', 'conform'], {}), /conform comes first/)
})

t.test('settings: the URL, prefix, headers and check ids are checked before anything starts', async (t) => {
  const s = settingsOf({ ...base, appUrl: 'http://127.0.0.1:3100/', appPrefix: '/api/integrations/', appHeaders2: { 'X-Demo-User': 'bob' } }, ids)
  t.match(s, { appUrl: 'http://127.0.0.1:3100', appPort: 3100, prefix: '/api/integrations', timeoutMs: 5000, waitMs: 30_000, port: 0 })
  t.same(s.users.map((u) => u.headers), [{ 'X-Demo-User': 'alice' }, { 'X-Demo-User': 'bob' }])
  t.equal(settingsOf({ ...base, appUrl: 'https://app.example' }, ids).appPort, 443, 'the default port of the scheme')
  t.same(parseHeader('Authorization: Bearer a:b', '--app-header'), ['Authorization', 'Bearer a:b'], 'a colon in the value stays')
  const cases: Array<[Partial<ConformOptions>, RegExp]> = [
    [{ appUrl: 'localhost:3100' }, /--app-url must be an http or https URL, got 'localhost:3100'/],
    [{ appUrl: 'not a url' }, /--app-url must be the backend's base URL such as http:\/\/127.0.0.1:3100/],
    [{ appUrl: 'ftp://x' }, /http or https/],
    [{ appUrl: 'http://x/?a=1' }, /no query/],
    [{ appPrefix: 'api' }, /--app-prefix must start with \//],
    [{ appHeaders: ['no colon'] }, /--app-header must be 'Name: value'/],
    [{ appHeaders: [] }, /--app-header is needed at least once/],
    [{ appHeaders2: ['bad header: x', ': y'] }, /--app-header-2 must be/],
    [{ only: ['link.nope'] }, /--only: no check link.nope; the checks are link.fresh-token/],
    [{ port: 70000 }, /--port must be a TCP port/]
  ]
  for (const [change, wanted] of cases) t.throws(() => settingsOf({ ...base, ...change }, ids), wanted, JSON.stringify(change))
  try { settingsOf({ ...base, appPrefix: 'x' }, ids) } catch (error) { t.type(error, KitError) }
})
