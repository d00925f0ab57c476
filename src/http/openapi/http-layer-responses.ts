type Json = Record<string, unknown>

/**
 * Statuses any operation can answer before its handler runs, what each means, whether only a body causes it,
 * and whether only an operation that takes an API key does.
 */
const HTTP_LAYER: ReadonlyArray<{ status: string, description: string, bodyOnly: boolean, keyed?: boolean }> = [
  { status: '400', description: 'the request could not be read: malformed JSON, URL or HTTP', bodyOnly: false },
  { status: '413', description: 'the body is larger than the server accepts (--body-limit)', bodyOnly: true },
  { status: '414', description: 'a path segment is longer than the server accepts', bodyOnly: false },
  { status: '415', description: 'the Content-Type is not one the operation reads', bodyOnly: true },
  { status: '417', description: 'an Expect header other than 100-continue', bodyOnly: false },
  { status: '431', description: 'the request headers are larger than the server accepts', bodyOnly: false },
  { status: '503', description: 'a new API key beyond the keys the server holds (--max-tenants)', bodyOnly: false, keyed: true }
]

const DIALECT = 'the error in the dialect of the path\'s interface: {"detail"} under /api, {code, type, message} under /v3, problem details under /_unimock'

/**
 * Declares on every operation the statuses the HTTP layer answers before any handler (#19: answers whose
 * status the document did not declare), as shared responses; an operation's own declaration of one wins.
 */
export function declareHttpLayerResponses (document: Json): Json {
  document.components ??= {}
  const components = document.components as Json
  components.responses ??= {}
  const responses = components.responses as Json
  for (const { status, description } of HTTP_LAYER) {
    responses[`http.${status}`] = { description, content: { 'application/json': { schema: { type: 'object', description: DIALECT } } } }
  }
  for (const item of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(item) as Json[]) {
      if (operation === null || typeof operation !== 'object' || !('responses' in operation)) continue
      const declared = operation.responses as Json
      const keyed = Array.isArray(operation.security) && operation.security.length > 0
      for (const { status, bodyOnly, keyed: byKey } of HTTP_LAYER) {
        if (bodyOnly && operation.requestBody === undefined) continue
        if (byKey === true && !keyed) continue
        declared[status] ??= { $ref: `#/components/responses/http.${status}` }
      }
    }
  }
  return document
}
