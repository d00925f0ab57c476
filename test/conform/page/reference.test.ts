import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import tap from 'tap'
import { conform } from '../../../src/conform/conform.js'
import { PAGE_CHECKS, pageOptions } from './helpers.js'

const { PAGE_VARIANTS } = await import(new URL('../../../examples/reference-integrator/broken.js', import.meta.url).href) as { PAGE_VARIANTS: Record<string, string> }

/** The check each page variant breaks (docs/conformance.md, "The page"). */
const BREAKS: Record<string, string> = {
  'page-service-name': 'page.business-wording',
  'page-cached-token': 'page.fresh-token-per-click',
  'page-open-before-ready': 'page.opens-when-ready',
  'page-no-reset-on-exit': 'page.reset-on-exit',
  'page-no-reset-on-error': 'page.reset-on-error',
  'page-connected-without-name': 'page.exchange-on-success',
  'page-api-key-in-page': 'page.no-secrets',
  'page-name-refetched': 'page.exchange-on-success',
  'page-reconnect-creates': 'page.reconnect',
  'page-delete-without-confirm': 'page.delete'
}

tap.test('the reference page passes every page check', async (t) => {
  const result = await conform(await pageOptions())
  t.equal(result.status, 0, result.verdicts.map((v) => `${v.outcome} ${v.id} ${v.detail}`).join('\n'))
  t.same(result.verdicts.map((v) => v.id), PAGE_CHECKS)
  t.ok(result.verdicts.every((v) => v.outcome === 'pass'))
})

tap.test('a page that confirms in a dialog of its own (?confirm=dialog) passes every page check too', async (t) => {
  const o = await pageOptions()
  const result = await conform({ ...o, appPage: `${o.appPage}?confirm=dialog` })
  t.equal(result.status, 0, result.verdicts.map((v) => `${v.outcome} ${v.id} ${v.detail}`).join('\n'))
  t.match(result.verdicts.find((v) => v.id === 'page.delete')?.detail, /asked in a dialog of its own; cancelled, nothing was removed/)
})

tap.test('every page variant is listed and breaks a check, as docs/conformance.md\'s page table says', async (t) => {
  t.same(Object.keys(PAGE_VARIANTS).sort(), Object.keys(BREAKS).sort())
  t.same([...new Set(Object.values(BREAKS))].sort(), [...PAGE_CHECKS].sort(), 'every page check has a variant')
  const docs = readFileSync(new URL('../../../docs/conformance.md', import.meta.url), 'utf8')
  const rows = docs.split('\n').filter((l) => l.startsWith('| `page.')).map((l) => l.split('|').map((c) => c.trim()))
  const table = Object.fromEntries(rows.map((r) => [r[1]!.replaceAll('`', ''), r[3]!.replaceAll('`', '').split(/,\s*/).sort()]))
  t.same(Object.keys(table).sort(), [...PAGE_CHECKS].sort(), 'the table lists every page check')
  for (const check of PAGE_CHECKS) t.same(table[check], Object.keys(BREAKS).filter((v) => BREAKS[v] === check).sort(), `${check}'s variants`)
})

for (const [variant, check] of Object.entries(BREAKS)) {
  tap.test(`REFERENCE_BROKEN=${variant} fails ${check} and only it`, async (t) => {
    const o = await pageOptions(variant)
    const result = await conform(o)
    const failed = result.verdicts.filter((v) => v.outcome === 'fail').map((v) => v.id)
    t.same(failed, [check], result.verdicts.map((v) => `${v.outcome} ${v.id} ${v.detail}`).join('\n'))
    t.equal(result.status, 1)
    t.ok(existsSync(join(o.pageShots, `${check}.png`)), 'the screenshot of the moment next to the JUnit file')
  })
}
