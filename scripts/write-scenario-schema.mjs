// Writes schemas/scenario.schema.json, the JSON Schema of scenario files, from the TypeBox schema the loader
// uses (src/integration/control/scenarios/json-schema.ts). Run by `npm run build`; the file is committed, and
// test/integration/scenarios/json-schema.test.ts fails while it differs from the schema in the sources.
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const { scenarioJsonSchema, SCENARIO_SCHEMA_FILE } = await import('../dist/src/integration/control/scenarios/json-schema.js')
const target = fileURLToPath(new URL(`../${SCENARIO_SCHEMA_FILE}`, import.meta.url))
mkdirSync(fileURLToPath(new URL('../schemas/', import.meta.url)), { recursive: true })
writeFileSync(target, JSON.stringify(scenarioJsonSchema(), null, 2) + '\n')
