import { parse } from 'lossless-json'

/**
 * Why a text is not JSON, and where: one message for a 400 to carry. V8's own message names the position, line
 * and column for most mistakes ("Expected double-quoted property name in JSON at position 8 (line 1 column
 * 9)"), but not for a bad first token ("Unexpected token 'o', "nope" is not valid JSON", which also echoes the
 * body); lossless-json names the position of every mistake, so it says those. Undefined when the text parses.
 * Called only once a parse has failed: the second parse costs nothing on the path of a valid body.
 */
export function jsonSyntaxError (text: string): string | undefined {
  try {
    JSON.parse(text)
    return undefined
  } catch (error) {
    const message = (error as Error).message
    if (/ at position \d+/.test(message)) return message.replace(/\.$/, '')
  }
  try {
    parse(text)
    return 'it does not parse'
  } catch (error) {
    // A control character in a string is shown escaped, not as a raw line break inside the message.
    return (error as Error).message.replace(/'(\p{Cc})'/gu, (_, c: string) => JSON.stringify(c))
  }
}
