type Json = Record<string, unknown>

/**
 * Statuses any operation can answer before its handler runs, what each means, whether only a body causes it,
 * and whether only an operation that takes an API key does. A body is read on every POST, PUT, PATCH and
 * DELETE, whether the operation takes one or not (as the real service reads a body it then ignores), so its
 * statuses are declared on each of them (#54: a DELETE that takes no body answered an undeclared 415).
 */
const HTTP_LAYER: ReadonlyArray<{ status: string, description: string, bodyOnly: boolean, keyed?: boolean }> = [
  { status: '400', description: 'the request could not be read: malformed JSON, URL or HTTP', bodyOnly: false },
  { status: '408', description: 'the request did not arrive within --headers-timeout (its headers) or --request-timeout (all of it); the connection is closed', bodyOnly: false },
  { status: '413', description: 'the body is larger than the server accepts (--body-limit), whether the operation takes one or not', bodyOnly: true },
  { status: '414', description: 'a path segment is longer than the server accepts', bodyOnly: false },
  { status: '415', description: 'a body in a Content-Type the server does not read (JSON, and text where the operation takes none), whether the operation takes one or not', bodyOnly: true },
  { status: '417', description: 'an Expect header other than 100-continue', bodyOnly: false },
  { status: '431', description: 'the request headers are larger than the server accepts', bodyOnly: false },
  { status: '503', description: 'a new API key beyond the keys the server holds (--max-tenants)', bodyOnly: false, keyed: true }
]

/** The methods whose body Fastify reads (GET and HEAD bodies are never read). */
const READS_BODY = new Set(['post', 'put', 'patch', 'delete'])

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
    for (const [method, operation] of Object.entries(item) as Array<[string, Json]>) {
      if (operation === null || typeof operation !== 'object' || !('responses' in operation)) continue
      const declared = operation.responses as Json
      const keyed = Array.isArray(operation.security) && operation.security.length > 0
      for (const { status, bodyOnly, keyed: byKey } of HTTP_LAYER) {
        if (bodyOnly && !READS_BODY.has(method) && operation.requestBody === undefined) continue
        if (byKey === true && !keyed) continue
        declared[status] ??= { $ref: `#/components/responses/http.${status}` }
      }
    }
  }
  return document
}
