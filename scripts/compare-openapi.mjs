#!/usr/bin/env node
// Compares two OpenAPI documents (files or URLs): the same bytes, or else what differs in paths, operations
// (operationId, parameters, responses, security) and component schemas. Exit 1 when they differ; the order
// of paths alone is reported, not a difference (a path's place in the document means nothing to a client).
// Used to check that a change of how routes are registered leaves /openapi.json as it was:
//   node scripts/compare-openapi.mjs before.json http://127.0.0.1:4010/openapi.json
import { readFile } from 'node:fs/promises'
import { isDeepStrictEqual } from 'node:util'

async function load (source) {
  if (/^https?:\/\//.test(source)) return await (await fetch(source)).text()
  return await readFile(source, 'utf8')
}

const [a, b] = process.argv.slice(2)
if (a === undefined || b === undefined) {
  process.stderr.write('usage: node scripts/compare-openapi.mjs <before.json|url> <after.json|url>\n')
  process.exit(2)
}
const [textA, textB] = await Promise.all([load(a), load(b)])
const docA = JSON.parse(textA)
const docB = JSON.parse(textB)
// The servers entry names where the document was fetched from: not part of the comparison.
delete docA.servers
delete docB.servers
if (JSON.stringify(docA) === JSON.stringify(docB)) {
  process.stdout.write(`identical: ${Object.keys(docA.paths ?? {}).length} paths, the same bytes (servers aside)\n`)
  process.exit(0)
}
const problems = []
const pathsA = Object.keys(docA.paths ?? {})
const pathsB = Object.keys(docB.paths ?? {})
for (const p of pathsA) if (!(p in docB.paths)) problems.push(`path only in the first: ${p}`)
for (const p of pathsB) if (!(p in docA.paths)) problems.push(`path only in the second: ${p}`)
for (const p of pathsA.filter((x) => x in docB.paths)) {
  const [ia, ib] = [docA.paths[p], docB.paths[p]]
  for (const m of new Set([...Object.keys(ia), ...Object.keys(ib)])) {
    if (!(m in ia) || !(m in ib)) { problems.push(`${m.toUpperCase()} ${p}: only in the ${m in ia ? 'first' : 'second'}`); continue }
    for (const field of new Set([...Object.keys(ia[m]), ...Object.keys(ib[m])])) {
      if (!isDeepStrictEqual(ia[m][field], ib[m][field])) problems.push(`${m.toUpperCase()} ${p}: ${field} differs`)
    }
  }
}
const sameOrder = pathsA.filter((p) => p in docB.paths).join('\n') === pathsB.filter((p) => p in docA.paths).join('\n')
for (const section of new Set([...Object.keys(docA.components ?? {}), ...Object.keys(docB.components ?? {})])) {
  const [ca, cb] = [docA.components?.[section] ?? {}, docB.components?.[section] ?? {}]
  for (const name of new Set([...Object.keys(ca), ...Object.keys(cb)])) {
    if (!isDeepStrictEqual(ca[name], cb[name])) problems.push(`components.${section}.${name} differs`)
  }
}
for (const key of new Set([...Object.keys(docA), ...Object.keys(docB)])) {
  if (key !== 'paths' && key !== 'components' && !isDeepStrictEqual(docA[key], docB[key])) problems.push(`${key} differs`)
}
if (problems.length === 0) {
  // Equivalent: every path, operation (operationId, parameters, responses, security) and schema alike.
  process.stdout.write(`equivalent: ${pathsA.length} paths with the same operations and schemas${sameOrder ? ', serialised in another key order' : ', the paths in another order'}\n`)
  process.exit(0)
}
process.stdout.write(`${problems.length} difference(s):\n${problems.slice(0, 50).map((p) => `  ${p}`).join('\n')}\n`)
process.exit(1)
