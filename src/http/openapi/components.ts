/**
 * Shared components. Routes import schema objects and never use `$ref` (ARCHITECTURE rule 5), so the
 * generated document inlines each one wherever it is used. Afterwards:
 * - a schema that carries a `title` is the same thing wherever it appears: it moves to
 *   `components.schemas[title]` once and every use references it;
 * - a parameter (`query.page_size`) or a response of a shared schema (`unified.Detail`) that is written the
 *   same way on every operation that has it moves to `components.parameters` / `components.responses`.
 */

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Component names allow letters, digits, `.`, `-` and `_` (OpenAPI 3.1 §4.8.7.1). */
const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/

/**
 * Moves every titled schema under `paths` and `webhooks` into `components.schemas`, innermost first, and
 * returns the document. Two different schemas with one title are a bug in a route's schemas: it throws.
 */
export function hoistTitledSchemas (document: Json): Json {
  if (!isObject(document.components)) document.components = {}
  const components = document.components as Json
  if (!isObject(components.schemas)) components.schemas = {}
  const schemas = components.schemas as Json
  const canonical = new Map<string, string>(Object.entries(schemas).map(([name, s]) => [name, JSON.stringify(s)]))

  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = visit(node[i])
      return node
    }
    if (!isObject(node)) return node
    for (const key of Object.keys(node)) node[key] = visit(node[key])
    const title = node.title
    if (typeof title !== 'string' || !('type' in node || 'anyOf' in node || 'oneOf' in node || 'allOf' in node)) return node
    if (!COMPONENT_NAME.test(title)) throw new Error(`schema title "${title}" cannot name a component: use letters, digits, ".", "-" and "_"`)
    const json = JSON.stringify(node)
    const known = canonical.get(title)
    if (known === undefined) {
      canonical.set(title, json)
      schemas[title] = node
    } else if (known !== json) {
      throw new Error(`two different schemas are titled "${title}": give one of them another title`)
    }
    return { $ref: `#/components/schemas/${title}` }
  }
  for (const section of ['paths', 'webhooks']) if (isObject(document[section])) visit(document[section])
  return document
}

interface Use { readonly list: unknown[] | Json, readonly key: string | number, readonly json: string }

/** The operations of `paths` (path item → method → operation). */
function operations (document: Json): Json[] {
  const found: Json[] = []
  for (const item of Object.values(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue
    for (const operation of Object.values(item)) if (isObject(operation)) found.push(operation)
  }
  return found
}

/** Replaces each group of uses that is written one way only and used twice or more by a `$ref` to one component. */
function hoistUniform (document: Json, section: 'parameters' | 'responses', uses: ReadonlyMap<string, readonly Use[]>): void {
  const components = document.components as Json
  if (!isObject(components[section])) components[section] = {}
  const target = components[section] as Json
  for (const [name, group] of uses) {
    const json = group[0]!.json
    if (group.length < 2 || group.some((u) => u.json !== json) || !COMPONENT_NAME.test(name) || name in target) continue
    target[name] = JSON.parse(json) as unknown
    for (const use of group) (use.list as Record<string | number, unknown>)[use.key] = { $ref: `#/components/${section}/${name}` }
  }
}

/** Moves uniform parameters and responses of `paths` into components (run after hoistTitledSchemas). */
export function hoistUniformParametersAndResponses (document: Json): Json {
  const parameters = new Map<string, Use[]>()
  const responses = new Map<string, Use[]>()
  const add = (map: Map<string, Use[]>, name: string, use: Use): void => { map.set(name, [...(map.get(name) ?? []), use]) }
  for (const operation of operations(document)) {
    const list = Array.isArray(operation.parameters) ? operation.parameters as unknown[] : []
    list.forEach((p, i) => { if (isObject(p)) add(parameters, `${String(p.in)}.${String(p.name)}`, { list, key: i, json: JSON.stringify(p) }) })
    const byStatus = isObject(operation.responses) ? operation.responses : {}
    for (const [status, response] of Object.entries(byStatus)) {
      if (!isObject(response) || !isObject(response.content)) continue
      const media = Object.values(response.content)
      const ref = media.length === 1 && isObject(media[0]) && isObject(media[0].schema) ? media[0].schema.$ref : undefined
      if (typeof ref === 'string' && Object.keys(response).every((k) => k === 'description' || k === 'content')) {
        add(responses, ref.replace('#/components/schemas/', ''), { list: byStatus, key: status, json: JSON.stringify(response) })
      }
    }
  }
  hoistUniform(document, 'parameters', parameters)
  hoistUniform(document, 'responses', responses)
  return document
}
