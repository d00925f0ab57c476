import { Scenario } from './schema.js'

/** Where the published JSON Schema lives in the package, and the name editors see. */
export const SCENARIO_SCHEMA_FILE = 'schemas/scenario.schema.json'

/**
 * The scenario file format as a standalone JSON Schema, generated from the TypeBox schema the loader checks
 * files with, so editors complete and check the same thing unimock accepts. Shipped files point at it with a
 * `# yaml-language-server: $schema=../schemas/scenario.schema.json` first line. Checks that need the model
 * catalogue (a model id exists, a ref is declared, a duration parses) stay the loader's.
 */
export function scenarioJsonSchema (): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'unimock scenario',
    ...JSON.parse(JSON.stringify(Scenario)) as Record<string, unknown>
  }
}
