import { compile, isRegistered, search, type JSONValue } from '@jmespath-community/jmespath'
import { appError } from '../../../core/errors.js'

/**
 * What a mapping's JMESPath may be. The evaluator is recursive: an expression that parses can still overflow
 * its stack (thousands of segments, pipes, `||`, `[]`) or name a function it does not have, and it would fail
 * at every read of the model. These bounds are generous for a field mapping (one value picked out of a record)
 * and are named in the 400 so a client knows which one it passed.
 */
export const JMES_MAX_LENGTH = 1000
/** Nesting of the parsed expression (each segment, pipe, `||`, projection, call or bracket is one level), literals included. */
export const JMES_MAX_DEPTH = 64

export function checkJmes (expression: string): void {
  if (expression.length > JMES_MAX_LENGTH) {
    throw appError('FIELD_MAPPING_BAD_JMES', { expression: clip(expression), reason: `it is ${expression.length} characters long, past the bound of ${JMES_MAX_LENGTH}` })
  }
  let ast: unknown
  try {
    ast = compile(expression)
  } catch (err) {
    throw appError('FIELD_MAPPING_BAD_JMES', { expression: clip(expression), reason: (err as Error).message })
  }
  const problem = walk(ast)
  if (problem !== undefined) throw appError('FIELD_MAPPING_BAD_JMES', { expression: clip(expression), reason: problem })
}

/**
 * The expression over one value; an evaluation error (a function given the wrong type, a mapping stored before
 * these bounds) is null for that record rather than a failed page.
 */
export function evaluateJmes (value: unknown, expression: string): unknown {
  try {
    return search((value ?? null) as JSONValue, expression)
  } catch {
    return null
  }
}

/** The first reason the evaluator could not run the tree: too deep, or a function it does not know. Iterative, so any depth is measured. */
function walk (root: unknown): string | undefined {
  const stack: Array<[unknown, number]> = [[root, 1]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number]
    if (depth > JMES_MAX_DEPTH) return `it nests deeper than the bound of ${JMES_MAX_DEPTH} levels`
    if (node === null || typeof node !== 'object') continue
    const n = node as Record<string, unknown>
    if (n.type === 'Function' && typeof n.name === 'string' && !isRegistered(n.name)) return `${n.name}() is not a JMESPath function`
    for (const child of Object.values(n)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
  }
  return undefined
}

const clip = (s: string): string => s.length > 80 ? `${s.slice(0, 80)}…` : s
