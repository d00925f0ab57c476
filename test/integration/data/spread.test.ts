import t from 'tap'
import { loadCatalogue } from '../../../src/integration/base/catalogue/catalogue.js'
import { AccountData } from '../../../src/integration/third-party/data/fake/account-data.js'
import { Generator, type BuildOptions } from '../../../src/integration/third-party/data/fake/generator.js'

/** Generated people and enum values are spread as a company's would be, not in runs or evenly over rare values. */

const catalogue = loadCatalogue()
const generator = new Generator(catalogue)
const employee = catalogue.byId('hris.Employee')!
const employment = catalogue.byId('hris.Employment')!
const OPTIONS: BuildOptions = { remoteData: false, sensitive: true, expandSubs: new Set() }
const ANCHOR_MS = Date.parse('2026-01-01T00:00:00.000Z')

function records (seed: number, model: typeof employee, count: number): Array<Record<string, unknown>> {
  const account = new AccountData(seed, `spread-${seed}`, 'hris', ANCHOR_MS, () => 5000)
  return Array.from({ length: count }, (_, index) => {
    const createdUs = ANCHOR_MS * 1000 + index * 1000
    return generator.build(model, account, { index, version: 0, createdUs, modifiedUs: createdUs, deleted: false }, OPTIONS) as Record<string, unknown>
  })
}

function share (values: readonly unknown[], value: unknown): number {
  return values.filter((v) => v === value).length / values.length
}

t.test('the first hundred employees: many surnames, none in a run, every full name distinct', async (t) => {
  for (const seed of [1, 2, 3]) {
    const people = records(seed, employee, 100)
    const last = people.map((p) => p.last_name as string)
    t.ok(new Set(last).size >= 50, `seed ${seed}: ${new Set(last).size} surnames among 100 people`)
    const longestRun = last.reduce((acc, name, i) => {
      const run = i > 0 && name === last[i - 1] ? acc.run + 1 : 1
      return { run, longest: Math.max(acc.longest, run) }
    }, { run: 0, longest: 0 }).longest
    t.equal(longestRun, 1, `seed ${seed}: no two neighbours share a surname`)
    t.equal(new Set(people.map((p) => `${p.first_name as string} ${p.last_name as string}`)).size, 100, `seed ${seed}: 100 distinct names`)
  }
})

t.test('enum values follow a workforce\'s weights: the rare ones are rare', async (t) => {
  const people = records(1, employee, 2000)
  const status = people.map((p) => p.marital_status).filter((v) => v !== null)
  t.ok(status.length > 1000)
  t.ok(share(status, 'QUALIFYING_WIDOW_OR_WIDOWER_WITH_DEPENDENT_CHILD') < 0.03, 'the rarest filing status is rare')
  t.ok(share(status, 'SINGLE') > 0.35 && share(status, 'MARRIED_FILING_JOINTLY') > 0.3, 'the common ones are common')
  const types = records(1, employment, 2000).map((e) => e.employment_type).filter((v) => v !== null)
  t.ok(share(types, 'FULL_TIME') > 0.7, 'most employments are full time')
  t.ok(share(types, 'FREELANCE') < 0.03)
})
