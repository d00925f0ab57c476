import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The repository root, where README.md and docs/ live. */
export const root = fileURLToPath(new URL('../..', import.meta.url))

export interface Doc { readonly path: string, readonly text: string }

/** README.md and every page under docs/, in a fixed order: what the examples and the coverage checks read. */
export function docs (): Doc[] {
  const pages = (readdirSync(`${root}docs`, { recursive: true, encoding: 'utf8' }))
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => `docs/${file}`)
  return ['README.md', ...pages].map((path) => ({ path, text: readFileSync(`${root}${path}`, 'utf8') }))
}

export interface Block { readonly lang: string, readonly body: string, readonly line: number }

/** The fenced code blocks of a Markdown text, with their language and the line they open on. */
export function blocks (markdown: string): Block[] {
  const found: Block[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!)
    if (open === null) continue
    const start = i
    const body: string[] = []
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!)
    found.push({ lang: open[1]!, body: body.join('\n'), line: start + 1 })
  }
  return found
}

/** Does `actual` match the expected lines, `...` standing for any text within a line or any lines? */
export function matches (expected: readonly string[], actual: readonly string[]): boolean {
  const lineMatches = (e: string, a: string): boolean =>
    new RegExp(`^${e.split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(a)
  const from = (i: number, j: number): boolean => {
    if (i === expected.length) return j === actual.length
    if (expected[i] === '...') {
      for (let k = j; k <= actual.length; k++) if (from(i + 1, k)) return true
      return false
    }
    return j < actual.length && lineMatches(expected[i]!, actual[j]!) && from(i + 1, j + 1)
  }
  return from(0, 0)
}

/** The lines of a text without the blank lines at its end. */
export function trimEnd (lines: readonly string[]): string[] {
  const out = [...lines]
  while (out.length > 0 && out.at(-1)!.trim() === '') out.pop()
  return out
}
