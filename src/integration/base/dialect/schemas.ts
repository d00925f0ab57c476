import { Type, type TSchema } from '@sinclair/typebox'
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../core/pagination.js'

/** The unified service's error body, as the real service (Django REST framework) answers: {"detail": "..."}. */
export const Detail = Type.Object({ detail: Type.String() }, { description: 'error ({"detail": "..."})', title: 'unified.Detail' })

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** Error statuses every authenticated unified route can answer (403 only with --relink-status 403). */
export const AUTH_ERRORS = { 401: Detail, 403: Detail } as const

/** The spec's paginated envelope: opaque cursor strings (not URLs), null at the ends. */
export const Paginated = <T extends TSchema>(item: T) => Type.Object({
  next: Nullable(Type.String({ description: 'opaque cursor of the next page; null on the last' })),
  previous: Nullable(Type.String({ description: 'opaque cursor of the previous page; null on the first' })),
  results: Type.Array(item)
})

/** The page_size query parameter of a list; core/pagination.ts holds the policy it describes. */
export const PageSizeParam = (description = `default ${PAGE_SIZE_DEFAULT}; values above ${PAGE_SIZE_MAX} are capped at ${PAGE_SIZE_MAX}`) =>
  Type.Integer({ minimum: 1, description })

/**
 * Bounds of the free strings a client sends and unimock stores (docs/reference/fidelity-notes.md, "Robustness"): the real
 * service publishes none for these fields, so they follow its published ones where a kind matches (an email
 * address: 254, as its EmployeeRequest's work_email) and are otherwise generous for what the field holds.
 */
export const STRING_BOUNDS = { name: 255, email: 254, description: 2000, path: 2000 } as const
/** A name, key or id: 1 to 255 characters. */
export const BoundedName = (options: { description?: string, minLength?: number } = {}) => Type.String({ minLength: 1, maxLength: STRING_BOUNDS.name, ...options })
export const BoundedText = (bound: keyof typeof STRING_BOUNDS, options: { description?: string, minLength?: number } = {}) => Type.String({ maxLength: STRING_BOUNDS[bound], ...options })
