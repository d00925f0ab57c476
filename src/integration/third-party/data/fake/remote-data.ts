import { customValues } from '../vendor/custom-fields.js'
import { type CompiledModel, SENSITIVE } from './compiled-model.js'
import type { GeneratedRecord } from './generated-record.js'

/** The original payload the third party sent, as `include_remote_data` shows it: camelCase keys, its own ids. */
export function remoteData (compiled: CompiledModel, r: GeneratedRecord): Array<{ path: string, data: unknown }> {
  const data: Record<string, unknown> = { id: r.remoteId() }
  const fields = compiled.fields
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!
    if (!f.remote || (f.special === SENSITIVE && !r.options.sensitive)) continue
    const value = r.at(i)
    if (value === null || value === undefined || typeof value === 'object') continue
    data[f.remoteKey] = value
  }
  // The custom fields the common model lacks: the same ones the raw vendor API and remote_fields show.
  Object.assign(data, customValues(`${compiled.owner.category}/${compiled.owner.segment}`, r.remoteId()))
  return [{ path: `/api/v1/${compiled.owner.segment}/${r.remoteId()}`, data }]
}
