import { appError } from '../../../core/errors.js'
import { isoFilterMs } from '../../base/dialect/date-filter.js'

/** The filters the lists take: created/modified windows and a remote id. */
export interface ListFilters {
  readonly created_after?: string | undefined
  readonly created_before?: string | undefined
  readonly modified_after?: string | undefined
  readonly modified_before?: string | undefined
  readonly remote_id?: string | undefined
}

/** Whether a record with these timestamps and remote id passes the filters; a filter that is no timestamp is a 400. */
export const inWindow = (f: ListFilters, created: string, modified: string, remoteId: unknown): boolean => {
  const bound = (param: keyof ListFilters): number | undefined => {
    const v = f[param]
    if (v === undefined) return undefined
    const ms = isoFilterMs(v)
    if (ms === undefined) throw appError('CUSTOM_OBJECT_BAD_FILTER', { param, value: v })
    return ms
  }
  const c = Date.parse(created)
  const m = Date.parse(modified)
  const ca = bound('created_after'); const cb = bound('created_before'); const ma = bound('modified_after'); const mb = bound('modified_before')
  return (ca === undefined || c > ca) && (cb === undefined || c < cb) && (ma === undefined || m > ma) && (mb === undefined || m < mb) &&
    (f.remote_id === undefined || remoteId === f.remote_id)
}
