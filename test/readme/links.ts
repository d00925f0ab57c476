/**
 * Links and anchors of Markdown pages as GitHub renders them: what test/readme/links.test.ts checks.
 */

/** The lines of a Markdown text outside fenced code blocks; the lines inside are blank, so numbers still match. */
export function prose (markdown: string): string[] {
  let fenced = false
  return markdown.split('\n').map((line) => {
    if (/^\s*```/.test(line)) { fenced = !fenced; return '' }
    return fenced ? '' : line
  })
}

/**
 * GitHub's anchor for a heading (github-slugger): the rendered text in lower case, without punctuation and
 * symbols (letters, marks, digits, `_`, `-` and spaces stay), each space a hyphen; runs of hyphens are kept.
 */
export function slug (heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image shows its text
    .replace(/<[^>]+>/g, '') // inline HTML shows nothing of its tags
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
}

/** Every anchor a page has: its headings' slugs (a repeated one gets -1, -2, ...) and its HTML ids and names. */
export function anchors (markdown: string): Set<string> {
  const found = new Set<string>()
  const seen = new Map<string, number>()
  for (const line of prose(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (heading !== null) {
      const base = slug(heading[1]!)
      const n = seen.get(base) ?? 0
      seen.set(base, n + 1)
      found.add(n === 0 ? base : `${base}-${String(n)}`)
    }
    for (const m of line.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) found.add(m[1]!)
  }
  return found
}

export interface Link { readonly target: string, readonly line: number }

/** The link targets of a page's prose (inline links, images and HTML href/src), not those in code spans. */
export function links (markdown: string): Link[] {
  const found: Link[] = []
  prose(markdown).forEach((raw, i) => {
    const line = raw.replace(/`[^`]*`/g, '``')
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ target: m[1]!, line: i + 1 })
    for (const m of line.matchAll(/\b(?:href|src)="([^"]+)"/g)) found.push({ target: m[1]!, line: i + 1 })
  })
  return found
}

/** A target that leaves the repository's files: a scheme (https:, mailto:) or a protocol-relative URL. */
export const external = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')
