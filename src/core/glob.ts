/**
 * Globs as people write them in filters (a fault's path, a webhook target's events, the journal's path):
 * `*` matches any run of characters, slashes included (`/api/hris/v1/employees*` covers the list and every
 * record; `LinkedAccount.*` every account event). Where `?` is a wildcard too (`'*?'`), it matches one
 * character. Everything else matches itself; a glob without a wildcard matches only itself.
 */
export function globMatcher (glob: string, wildcards: '*' | '*?' = '*'): (text: string) => boolean {
  const one = wildcards === '*?'
  if (!glob.includes('*') && !(one && glob.includes('?'))) return (text) => text === glob
  let body = ''
  for (const c of glob) {
    if (c === '*') body += '.*'
    else if (c === '?' && one) body += '.'
    else body += c.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')
  }
  const re = new RegExp(`^${body}$`)
  return (text) => re.test(text)
}
