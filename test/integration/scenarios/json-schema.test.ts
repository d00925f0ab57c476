import t from 'tap'
import { readdirSync, readFileSync } from 'node:fs'
import { Ajv } from 'ajv'
import { parse as parseYaml } from 'yaml'
import { scenarioJsonSchema, SCENARIO_SCHEMA_FILE } from '../../../src/integration/control/scenarios/json-schema.js'

/** The published JSON Schema of scenario files: generated from the loader's schema, used by the shipped files. */

const root = new URL('../../../', import.meta.url)
const published = JSON.parse(readFileSync(new URL(SCENARIO_SCHEMA_FILE, root), 'utf8')) as Record<string, unknown>
const files = readdirSync(new URL('scenarios/', root)).filter((f) => f.endsWith('.yaml')).sort()

t.test('the committed file is what the TypeBox schema generates (npm run build rewrites it)', async (t) => {
  t.same(published, scenarioJsonSchema())
})

t.test('editors get it from every shipped file, and every shipped file is valid against it', async (t) => {
  const validate = new Ajv({ strict: false, allErrors: true }).compile(published)
  for (const file of files) {
    const text = readFileSync(new URL(`scenarios/${file}`, root), 'utf8')
    t.equal(text.split('\n')[0], '# yaml-language-server: $schema=../schemas/scenario.schema.json', `${file} names the schema`)
    t.ok(validate(parseYaml(text)), `${file} is valid: ${JSON.stringify(validate.errors)}`)
  }
})

t.test('what the loader refuses for its form, the JSON Schema refuses too', async (t) => {
  const validate = new Ajv({ strict: false }).compile(published)
  const base = { name: 'demo', description: 'x', accounts: [{ ref: 'acme', category: 'hris' }], steps: [{ at: '0s', link: { account: 'acme' } }] }
  t.ok(validate(base), 'a minimal file')
  t.notOk(validate({ ...base, name: 'Not Kebab' }), 'a name that is not kebab-case')
  t.notOk(validate({ ...base, accounts: [{ ref: 'acme', category: 'payroll' }] }), 'an unknown category')
  t.notOk(validate({ ...base, steps: [{ at: '0s', next_sync: { account: 'acme', result: 'OK' } }] }), 'an unknown sync result')
  t.notOk(validate({ ...base, steps: [{ at: '0s', lnik: { account: 'acme' } }] }), 'a misspelt action')
})
