import { readFileSync } from 'node:fs'
import t from 'tap'
import { loadCatalogue, type DataCategory } from '../../../src/integration/base/catalogue/catalogue.js'
import type { Match } from '../../../src/integration/third-party/data/fake/rule.js'
import { RULES } from '../../../src/integration/third-party/data/fake/rules.js'
import { LEGACY_OVERLAPS, legacySaltNames, RECORD_SALTS, saltOf, SHARED_SALTS } from '../../../src/integration/third-party/data/fake/salts.js'
import type { FieldRule } from '../../../src/integration/third-party/data/fake/compiled-model.js'
import { Generator } from '../../../src/integration/third-party/data/fake/generator.js'

/**
 * Salts keep the fields of a record independent: two fields drawing the same salt draw the same hash, so
 * their values move together. That is wanted in a few places (a file's name and MIME type follow one kind
 * of file) and listed in fake/salts.ts; anywhere else it would be an accident. These tests compile every
 * model and sub-object of the catalogue and look at what each field's rule draws.
 */

const facts = JSON.parse(readFileSync(new URL('../../../fixtures/unified-models.json', import.meta.url), 'utf8')) as
  { categories: Record<string, { models: Record<string, unknown>, sub_objects: Record<string, unknown> }> }

// The 2026 revision: every field of the facts, including those the default revision leaves out.
const generator = new Generator(loadCatalogue('2026'))
const owners: Array<{ owner: string, fields: readonly FieldRule[] }> = []
for (const [category, { models, sub_objects: subs }] of Object.entries(facts.categories)) {
  for (const name of [...Object.keys(models), ...Object.keys(subs)]) {
    owners.push({ owner: `${category}.${name}`, fields: generator.explain(category as DataCategory, name) })
  }
}

/** Named salts (not those named after a field) and the rules that draw them. */
const drawnBy = new Map<string, Set<string>>()
for (const { fields } of owners) {
  for (const f of fields) {
    for (const d of f.draws) {
      if (!d.key.startsWith('salt:')) continue
      const name = d.key.slice('salt:'.length)
      drawnBy.set(name, (drawnBy.get(name) ?? new Set()).add(f.rule))
    }
  }
}

t.test('every field of the catalogue has a rule, and rule names are unique', async (t) => {
  t.ok(owners.length > 140, `${owners.length} models and sub-objects compiled`)
  const names = RULES.map((r) => r.name)
  t.same(names.filter((n, i) => names.indexOf(n) !== i), [], 'no rule name twice')
  // A rule for some models' fields that none of them has is stale; general rules may wait for their fields.
  const used = new Set(owners.flatMap(({ fields }) => fields.map((f) => f.rule)))
  const forModels = RULES.filter((r) => (Array.isArray(r.when) ? r.when : [r.when]).some((m: Match) => m.model !== undefined))
  t.same(forModels.map((r) => r.name).filter((n) => !used.has(n)), [], 'every rule naming a model produces a field of it')
})

t.test('a salt name is drawn by one rule unless the shared table lists the rules that share it', async (t) => {
  const unlisted: string[] = []
  for (const [name, rules] of drawnBy) {
    if (rules.size < 2) continue
    const listed = Object.hasOwn(SHARED_SALTS, name) ? SHARED_SALTS[name]!.rules : []
    for (const rule of rules) if (!listed.includes(rule)) unlisted.push(`${name} drawn by ${rule}`)
  }
  t.same(unlisted, [], 'every shared salt is declared')
  const ruleNames = new Set(RULES.map((r) => r.name))
  for (const [name, { rules }] of Object.entries(SHARED_SALTS)) {
    t.ok(rules.length >= 2 && rules.every((r) => ruleNames.has(r)), `${name}: names two or more rules of the table`)
    t.ok((drawnBy.get(name)?.size ?? 0) >= 2, `${name} is really drawn by several rules`)
  }
})

t.test('no two salt names meet on one number', async (t) => {
  // Each name's salts: the ones rules draw (with their consecutive extras) and the legacy ones.
  const span = new Map<string, [number, number]>()
  for (const { fields } of owners) {
    for (const f of fields) {
      for (const d of f.draws) {
        if (!d.key.startsWith('salt:')) continue
        const [from, count] = span.get(d.key) ?? [d.salt, 0]
        span.set(d.key, [from, Math.max(count, d.count)])
      }
    }
  }
  for (const name of [...legacySaltNames(), ...RECORD_SALTS]) if (!span.has(`salt:${name}`)) span.set(`salt:${name}`, [saltOf(name), 1])
  const allowed = new Set(LEGACY_OVERLAPS.map(({ names }) => [...names].sort().join(' ')))
  const entries = [...span.entries()]
  const clashes: string[] = []
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const [a, [fa, ca]] = entries[i]!
      const [b, [fb, cb]] = entries[j]!
      const pair = [a.slice(5), b.slice(5)].sort().join(' ')
      if (fa <= fb + cb - 1 && fb <= fa + ca - 1 && !allowed.has(pair)) clashes.push(pair)
    }
  }
  t.same(clashes, [], 'named salts are disjoint')
  for (const name of legacySaltNames()) {
    t.ok(drawnBy.has(name) || (RECORD_SALTS as readonly string[]).includes(name) || RULES.some((r) => r.name === name), `legacy salt ${name} belongs to a rule`)
  }
})

t.test('no two fields of one record draw the same salt unless it is a shared one', async (t) => {
  const accidents: string[] = []
  for (const { owner, fields } of owners) {
    const byNumber = new Map<number, Array<{ field: string, key: string }>>()
    const draws = [...fields.flatMap((f) => f.draws.map((d) => ({ field: f.field, d }))), ...RECORD_SALTS.map((name) => ({ field: `(record ${name})`, d: { key: `salt:${name}`, salt: saltOf(name), count: 1 } }))]
    for (const { field, d } of draws) {
      for (let k = 0; k < d.count; k++) {
        const n = (d.salt + k) >>> 0
        byNumber.set(n, [...(byNumber.get(n) ?? []), { field, key: d.key }])
      }
    }
    for (const users of byNumber.values()) {
      const fieldsDrawing = new Set(users.map((u) => u.field))
      if (fieldsDrawing.size < 2) continue
      const keys = new Set(users.map((u) => u.key))
      const key = [...keys][0]!
      const shared = keys.size === 1 && key.startsWith('salt:') && Object.hasOwn(SHARED_SALTS, key.slice(5))
      if (!shared) accidents.push(`${owner}: ${[...fieldsDrawing].join(', ')} draw ${[...keys].join(' and ')}`)
    }
  }
  t.same(accidents, [], 'fields of one record draw apart')
})
