/**
 * How deep a JSON text may nest arrays and objects. Code that walks a parsed body recursively (validation,
 * prototype-poisoning checks, record building, lossless parsing) overflows the stack at a few thousand levels;
 * no body of the unified API, the control API or the plant store needs more than a dozen. 128 leaves room for
 * anything a third party's passthrough `data` plausibly holds.
 */
export const MAX_JSON_DEPTH = 128

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const OPEN_OBJECT = 0x7b
const CLOSE_ARRAY = 0x5d
const CLOSE_OBJECT = 0x7d

/**
 * Whether a JSON text nests deeper than `limit`: one pass over the characters, no recursion, strings skipped
 * (a bracket inside a string does not count). The text need not be valid JSON; the parser judges that.
 */
export function jsonNestsDeeperThan (text: string, limit: number = MAX_JSON_DEPTH): boolean {
  // Nesting past the limit takes more than `limit` opening brackets.
  if (text.length <= limit) return false
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) {
      inString = true
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--
    }
  }
  return false
}
