import { AppError } from '../../../core/errors.js'
import type { HttpInterface } from '../../../http/interfaces.js'
import { UNIFIED_PREFIXES } from '../catalogue/categories.js'

/**
 * The unified service's error dialect: Django REST framework's `{"detail": "..."}` as application/json,
 * which the official client parses into MergeError.body. A 405 keeps DRF's own wording.
 */
export const unifiedInterface: HttpInterface = {
  name: 'unified',
  prefixes: UNIFIED_PREFIXES,
  render: (error) => ({ contentType: 'application/json', body: { detail: error.message } }),
  adapt: (error, request) => {
    if (error.code !== 'METHOD_NOT_ALLOWED') return error
    const allow = error.headers.Allow ?? ''
    return new AppError('METHOD_NOT_ALLOWED', `Method "${request.method}" not allowed. Allowed: ${allow}.`, error.headers)
  }
}
