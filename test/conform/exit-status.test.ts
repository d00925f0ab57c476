import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { parseConform, runConform, type ConformCommand } from '../../src/cli/conform.js'
import { freePort, referenceOptions } from './helpers.js'

/**
 * `unimock conform` exits 1 only when a check failed; whenever the kit could not run or could not report, it
 * exits 2 with one line naming the flag or path (issue 53). Driven as the CLI drives it: argv parsed by
 * parseConform, then runConform with the lines it prints collected.
 */

type Run = Extract<ConformCommand, { kind: 'conform' }>

async function run (argv: readonly string[]): Promise<{ status: number, out: string[], err: string[] }> {
  const command = parseConform(argv) as Run
  const out: string[] = []
  const err: string[] = []
  const status = await runConform(command, (l) => { out.push(l) }, (l) => { err.push(l) })
  return { status, out, err }
}

const unreachable = async (): Promise<string[]> => ['--app-url', `http://127.0.0.1:${await freePort()}`, '--app-prefix', '/api', '--app-header', 'X-Demo-User: alice', '--wait', '300ms']

t.test('--api-key with a space: exit 2 before anything starts, one line naming the flag', async (t) => {
  const r = await run([...await unreachable(), '--api-key', 'a b'])
  t.equal(r.status, 2)
  t.equal(r.err.length, 1)
  t.match(r.err[0], /^unimock conform: --api-key must be one word of visible ASCII characters.*it contains a space/)
  t.notMatch(r.err[0], 'a b', 'the key itself is not echoed')
})

t.test('--webhook-key= (empty): exit 2, one line naming the flag', async (t) => {
  const r = await run([...await unreachable(), '--webhook-key='])
  t.equal(r.status, 2)
  t.same(r.err, ['unimock conform: --webhook-key must be at least one character: it signs the webhooks (leave it out for a new key per run)'])
})

t.test('--junit in a folder that does not exist: exit 2 at once, naming the path, nothing run', async (t) => {
  const path = join(mkdtempSync(join(tmpdir(), 'conform-junit-')), 'missing', 'report.xml')
  const r = await run([...await unreachable(), '--junit', path])
  t.equal(r.status, 2)
  t.same(r.err, [`unimock conform: cannot write --junit ${path}: there is no folder ${join(path, '..')}`])
  t.same(r.out, [], 'no check ran')
})

t.test('--junit that cannot be written after every check passed: exit 2, one line naming the path', async (t) => {
  // A folder where the file should be: found only when the report is written, after the run.
  const folder = mkdtempSync(join(tmpdir(), 'conform-junit-'))
  const o = await referenceOptions()
  const r = await run(['--app-url', o.appUrl, '--app-prefix', o.appPrefix, '--app-header', o.appHeaders[0]!, '--app-command', o.appCommand,
    '--only', 'webhook.signature', '--junit', folder])
  t.match(r.out.at(-1), /: 1 passed, 0 failed/, 'the check passed')
  t.equal(r.status, 2)
  const lines = r.err.filter((l) => l.includes('--junit'))
  t.equal(lines.length, 1)
  t.match(lines[0], `unimock conform: could not write --junit ${folder}: EISDIR`)
})
