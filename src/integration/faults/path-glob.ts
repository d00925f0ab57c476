/**
 * A path glob as people write it for a fault's scope: `*` matches any run of characters, slashes included
 * (`/api/hris/v1/employees*` covers the list and every record); everything else matches itself.
 */
export function globMatcher (glob: string): (path: string) => boolean {
  if (!glob.includes('*')) return (path) => path === glob
  const re = new RegExp('^' + glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$')
  return (path) => re.test(path)
}
