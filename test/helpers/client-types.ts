import * as serializers from '@mergeapi/merge-node-client/serialization/index.js'

/**
 * The official client's spelling of a type the facts name (`CRMContactResponse` is `crm.CrmContactResponse`):
 * the dotted path strict-parse.ts takes, found case-insensitively in the category's serializers.
 */
export function clientType (category: string, typeName: string): string {
  const types = (serializers as unknown as Record<string, Record<string, unknown> | undefined>)[category]
  const name = types === undefined ? undefined : Object.keys(types).find((k) => k.toLowerCase() === typeName.toLowerCase())
  if (name === undefined) throw new Error(`the client has no type ${category}.${typeName}`)
  return `${category}.${name}`
}
