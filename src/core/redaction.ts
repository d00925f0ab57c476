/**
 * What never reaches logs or the journal in clear, in one place: query parameters whose values are secrets or
 * personal data (tokens and keys, and the filters on people: e-mail addresses, names, phone numbers), and the
 * tokens that travel in paths (/account-token/<public token>, /link-tokens/<link token>).
 */
export const SENSITIVE_PARAM = /token|key|secret|password|email|phone|name|ssn|birth|address/i

const PATH_TOKEN = /(\/(?:account-token|link-tokens)\/)(?!regenerate(?:[/?]|$))[^/?]+/g

/** A URL as it may be logged: path tokens and sensitive query values replaced by [redacted]. */
export function redactUrl (url: string): string {
  const q = url.indexOf('?')
  const whole = q < 0 ? url : url.slice(0, q)
  // Both path tokens follow a segment ending in "-token(s)": most paths (every journaled request's) have none.
  const path = whole.includes('-token') ? whole.replace(PATH_TOKEN, '$1[redacted]') : whole
  if (q < 0) return path
  const query = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=')
    if (eq < 0) return pair
    let name = pair.slice(0, eq)
    try { name = decodeURIComponent(name) } catch { /* a malformed name is shown as sent */ }
    return SENSITIVE_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair
  }).join('&')
  return `${path}?${query}`
}
