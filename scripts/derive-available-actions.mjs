#!/usr/bin/env node
/**
 * Derives fixtures/available-actions.json, what GET /available-actions answers per integration, from the
 * researched facts in ../shared/reference/integration-support.json (facts §10 proposal): FETCH for every model
 * the integration reads, CREATE when it has a POST entry (its required parameters, plus remote_user_id in
 * ATS), UPDATE when it has a PATCH entry; supported_fields are the written fields (an empty list: the
 * service uses the model's fields); passthrough from the read entries. unimock never reads ../shared at
 * runtime: run this again when the facts change, review the diff, commit the fixture.
 *
 *   node scripts/derive-available-actions.mjs [path/to/integration-support.json]
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = new URL('..', import.meta.url)
const sourcePath = process.argv[2] ?? fileURLToPath(new URL('../shared/reference/integration-support.json', root))
const targetPath = fileURLToPath(new URL('fixtures/available-actions.json', root))

const facts = JSON.parse(readFileSync(sourcePath, 'utf8'))
const out = {}
for (const [category, models] of Object.entries(facts)) {
  if (category.startsWith('_')) continue
  const integrations = {}
  const entry = (name) => (integrations[name] ??= { passthrough: false, models: {} })
  for (const [modelName, support] of Object.entries(models)) {
    for (const [name, read] of Object.entries(support.reads?.integrations ?? {})) {
      const e = entry(name)
      e.passthrough ||= read.passthrough === true
      e.models[modelName] = { model_name: modelName, available_operations: ['FETCH'], required_post_parameters: [], supported_fields: [] }
    }
    for (const [kind, operation] of [['post', 'CREATE'], ['patch', 'UPDATE']]) {
      for (const [name, write] of Object.entries(support[kind]?.integrations ?? {})) {
        const models = entry(name).models
        models[modelName] ??= { model_name: modelName, available_operations: [], required_post_parameters: [], supported_fields: [] }
        const m = models[modelName]
        m.available_operations.push(operation)
        if (kind === 'post') {
          m.required_post_parameters = [...new Set([...(write.required_parameters ?? []), ...(category === 'ats' ? ['remote_user_id'] : [])])]
        }
        m.supported_fields = [...new Set([...m.supported_fields, ...(write.supported_fields ?? [])])]
      }
    }
  }
  out[category] = Object.fromEntries(Object.entries(integrations).sort(([a], [b]) => a.localeCompare(b))
    .map(([name, e]) => [name, { passthrough: e.passthrough, models: Object.values(e.models) }]))
}
writeFileSync(targetPath, JSON.stringify({ _source: 'scripts/derive-available-actions.mjs from ../shared/reference/integration-support.json', ...out }) + '\n')
console.log(`wrote ${targetPath}`)
