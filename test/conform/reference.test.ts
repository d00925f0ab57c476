import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { Parser } from 'tap-parser'
import { CHECKS } from '../../src/conform/conform.js'
import { run } from '../cli/helpers.js'
import { referenceOptions } from './helpers.js'

/**
 * The kit against the reference integrator, as a CI job runs it: the built CLI with --app-command and
 * --app-page, --tap on stdout and --junit to a file. Every check, of the backend and of the page, passes; the
 * run stays well within a minute.
 */

t.test('unimock conform passes every check against the reference integrator and its page', async (t) => {
  const o = await referenceOptions()
  const junit = join(mkdtempSync(join(tmpdir(), 'conform-')), 'conform.xml')
  // One run judges the backend and its page together (the page as carol, by the cookie its demo login reads).
  const args = ['conform', '--app-url', o.appUrl, '--app-prefix', o.appPrefix, '--app-header', o.appHeaders[0]!, '--app-header-2', o.appHeaders2[0]!,
    '--app-command', o.appCommand, '--app-page', `${o.appUrl}/`, '--page-login', 'cookie:demo_user=carol', '--tap', '--junit', junit]
  const started = Date.now()
  const { code, stdout, stderr } = await run(args)
  const ms = Date.now() - started
  t.comment(`one kit run against the reference: ${(ms / 1000).toFixed(1)} s`)
  t.equal(code, 0, 'exit status 0', { stderr, stdout })
  const parser = new Parser()
  const asserts: Array<{ ok: boolean, name: string, skip: unknown }> = []
  parser.on('assert', (a: { ok: boolean, name: string, skip: unknown }) => { asserts.push(a) })
  const done = new Promise<{ ok: boolean, count: number }>((resolve) => { parser.on('complete', resolve) })
  parser.end(stdout)
  const final = await done
  t.equal(final.count, CHECKS.length, 'a TAP line per check')
  t.same(asserts.filter((a) => !a.ok || a.skip !== false).map((a) => a.name), [], 'every check passed (none failed, none not applicable)')
  const xml = readFileSync(junit, 'utf8')
  t.match(xml, `<testsuites name="unimock conform" tests="${CHECKS.length}" failures="0" skipped="0"`)
})
