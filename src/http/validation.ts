import { Ajv, type Options } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { FastifyInstance } from 'fastify'

// ajv-formats ships CommonJS with a default export that NodeNext sees one level down.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

function makeAjv (options: Options): Ajv {
  const ajv = new Ajv({ useDefaults: true, removeAdditional: true, allErrors: false, strict: false, ...options })
  addFormats(ajv)
  return ajv
}

/**
 * Query strings, path params and headers arrive as text, so their validator coerces ("30" → 30, a single
 * value → a one-item array). Bodies are JSON with real types, so their validator never coerces: a number
 * sent where a string belongs is an error the client must hear about, not something to fix up silently.
 */
export function installValidation (app: FastifyInstance): void {
  const coercing = makeAjv({ coerceTypes: 'array' })
  const strict = makeAjv({ coerceTypes: false })
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema))
}
