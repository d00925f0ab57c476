import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify'
import { sharedSerializer } from '../../../http/validation.js'

type FastifyRouteSchemaDef<T> = Parameters<FastifySerializerCompiler<T>>[0]

/**
 * The catalogue yields hundreds of routes (every model, list and retrieve), each with its own query and
 * response schemas. Compiling them all when the app starts would cost seconds per app, and most are never
 * called in a given run. These compilers defer the work to a route's first request, compile as the app would
 * (its validator compiler, so the same coercion rules; fast-json-stringify with Fastify's default options for
 * responses), and keep each result under an explicit key.
 */
export class LazyCompilers {
  readonly #app: FastifyInstance
  readonly #serializers = new Map<string, (data: unknown) => string>()
  readonly #validators = new Map<string, ReturnType<FastifySchemaCompiler<unknown>>>()

  constructor (app: FastifyInstance) {
    this.#app = app
  }

  /** A serializer compiler for the routes of `key` (e.g. `hris.Employee:list`), one compilation per status. */
  serializer (key: string): FastifySerializerCompiler<unknown> {
    return (routeSchema: FastifyRouteSchemaDef<unknown>) => {
      const id = `${key}:${String(routeSchema.httpStatus)}:${routeSchema.contentType ?? ''}`
      let compiled = this.#serializers.get(id)
      return (data: unknown): string => {
        if (compiled === undefined) {
          compiled = this.#serializers.get(id)
          if (compiled === undefined) {
            compiled = sharedSerializer(routeSchema.schema)
            this.#serializers.set(id, compiled)
          }
        }
        return compiled(data)
      }
    }
  }

  /** A validator compiler for the routes of `key`, one compilation per request part. */
  validator (key: string): FastifySchemaCompiler<unknown> {
    return (routeSchema: FastifyRouteSchemaDef<unknown>) => {
      const id = `${key}:${routeSchema.httpPart ?? ''}`
      const compile = (): ReturnType<FastifySchemaCompiler<unknown>> => {
        let v = this.#validators.get(id)
        if (v === undefined) {
          const compiler = this.#app.validatorCompiler
          if (compiler === undefined) throw new Error('the app has no validator compiler')
          v = compiler(routeSchema)
          this.#validators.set(id, v)
        }
        return v
      }
      let validate: ReturnType<FastifySchemaCompiler<unknown>> | undefined
      // Fastify reads a failed validation's details from the validator's own `errors` property.
      const lazy = ((data: unknown) => {
        validate ??= compile()
        const result = validate(data)
        lazy.errors = (validate as { errors?: unknown }).errors
        return result
      }) as ((data: unknown) => unknown) & { errors?: unknown }
      return lazy as ReturnType<FastifySchemaCompiler<unknown>>
    }
  }
}
