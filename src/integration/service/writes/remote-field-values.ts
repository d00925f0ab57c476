/** The remote_fields a write sends: the third party's custom fields of the model, checked and keyed as it keeps them. */

import { type CustomField, customFieldOfClass } from '../../third-party/data/vendor/custom-fields.js'
import type { ModelDef } from '../../base/catalogue/catalogue.js'
import { isObject, problem, type WriteProblem } from './validation.js'

/** A remote field's value as sent: accounting wraps it as {value}, as its reads show it. */
const unwrapped = (model: ModelDef, value: unknown): unknown =>
  model.category === 'accounting' && isObject(value) && 'value' in value ? value.value : value

const fits = (field: CustomField, value: unknown): boolean => {
  switch (field.type) {
    case 'string': return typeof value === 'string' && (field.choices === undefined || field.choices.includes(value))
    case 'number': return typeof value === 'number' && Number.isFinite(value)
    case 'bool': return typeof value === 'boolean'
    case 'date': return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
  }
}

/** remote_fields items must name a remote field class of the model and carry a value of its type. */
export function remoteFieldProblems (model: ModelDef, sent: unknown, pointer: string): WriteProblem[] {
  if (!Array.isArray(sent)) return []
  const resource = `${model.category}/${model.segment}`
  const problems: WriteProblem[] = []
  sent.forEach((item, i) => {
    if (!isObject(item) || typeof item.remote_field_class !== 'string') return
    const field = customFieldOfClass(resource, item.remote_field_class)
    if (field === undefined) {
      problems.push(problem(`${pointer}/remote_fields/${i}/remote_field_class`, 'ERROR', 'Remote Field Class Not Found', `No remote field class ${item.remote_field_class} on ${model.name}: GET /api/${model.category}/v1/remote-field-classes lists them.`))
    } else if (!fits(field, unwrapped(model, item.value))) {
      const kind = field.choices === undefined ? `a ${field.type}` : `one of ${field.choices.join(', ')}`
      problems.push(problem(`${pointer}/remote_fields/${i}/value`, 'INCORRECT_FIELD_TYPE', 'Incorrect Field Type', `${field.key} takes ${kind}.`))
    }
  })
  return problems
}

/** The custom-field values sent in remote_fields (already validated), by vendor key. */
export function remoteFieldValues (model: ModelDef, sent: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(sent) || sent.length === 0) return undefined
  const resource = `${model.category}/${model.segment}`
  const out: Record<string, unknown> = {}
  for (const item of sent) {
    const field = isObject(item) && typeof item.remote_field_class === 'string' ? customFieldOfClass(resource, item.remote_field_class) : undefined
    if (field !== undefined && isObject(item)) out[field.key] = unwrapped(model, item.value)
  }
  return out
}
