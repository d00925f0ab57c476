/** Plant ids are signed 64-bit integers, carried as BigInt so that every value up to 2^63-1 stays exact. */
export const INT64_MAX = 9223372036854775807n
export const INT64_MIN = -9223372036854775808n

/** A JSON value (from the lossless parser) as an int64, or undefined when it is not an integer in range. */
export function int64FromJson (value: unknown): bigint | undefined {
  let n: bigint
  if (typeof value === 'bigint') n = value
  else if (typeof value === 'number' && Number.isInteger(value)) n = BigInt(value)
  else return undefined
  return n >= INT64_MIN && n <= INT64_MAX ? n : undefined
}

/** A path segment such as "42" or "9223372036854775807" as an int64, or undefined when it is not one. */
export function int64FromText (text: string): bigint | undefined {
  // The ids clients send: up to 15 digits, exact as a Number, always in range (a third of the work of a read by id).
  if (text.length > 0 && text.length <= 15 && onlyDigits(text)) return BigInt(Number(text))
  if (text.length > 64 || !/^[+-]?\d+$/.test(text)) return undefined
  return int64FromJson(BigInt(text))
}

function onlyDigits (text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}
