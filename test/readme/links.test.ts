import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import t from 'tap'
import { anchors, external, links, prose, slug } from './links.js'
import { docs, root } from './markdown.js'

/**
 * No dead link in README.md and docs/: every relative link names a file or folder of the repository, every
 * anchor (`page.md#section`, `#section`) a heading of that page as GitHub slugs it, and every section the prose
 * names in words (the README's "Control API" section) is a heading of the README, and every page named as a path
 * in code (`docs/guides/ci.md`) exists.
 */

const pages = docs()
const anchorsOf = new Map<string, Set<string>>()
function anchorsIn (file: string): Set<string> {
  const found = anchorsOf.get(file) ?? anchors(readFileSync(file, 'utf8'))
  anchorsOf.set(file, found)
  return found
}

t.test('the slugs follow GitHub\'s rules', async (t) => {
  t.equal(slug('3. The container, from any language'), '3-the-container-from-any-language')
  t.equal(slug('Scenarios in CI: `unimock check`'), 'scenarios-in-ci-unimock-check')
  t.equal(slug('Targets, the delivery journal and faults'), 'targets-the-delivery-journal-and-faults')
  t.equal(slug('What a route is — and is not'), 'what-a-route-is--and-is-not', 'a dash between spaces leaves two hyphens')
  t.equal(slug('[Python](x.md) (pytest)'), 'python-pytest')
  t.same([...anchors('# A\n## A\n```sh\n# not a heading\n```\n<a id="kept"></a>')], ['a', 'a-1', 'kept'])
})

t.test('every relative link and anchor of the README and docs/ resolves', async (t) => {
  const dead: string[] = []
  let checked = 0
  for (const page of pages) {
    for (const { target, line } of links(page.text)) {
      if (external(target)) continue
      checked++
      const where = `${page.path}:${String(line)}: ${target}`
      const hash = target.indexOf('#')
      const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash))
      const fragment = hash === -1 ? undefined : target.slice(hash + 1)
      // GitHub reads a link starting with / from the repository's root.
      const file = path === '' ? join(root, page.path) : path.startsWith('/') ? join(root, path) : join(root, dirname(page.path), path)
      if (relative(root, file).startsWith('..')) { dead.push(`${where} (outside the repository)`); continue }
      if (!existsSync(file)) { dead.push(`${where} (no such file)`); continue }
      if (fragment === undefined || fragment === '') continue
      if (statSync(file).isDirectory() || !file.endsWith('.md')) { dead.push(`${where} (an anchor into something that is not a page)`); continue }
      if (!anchorsIn(file).has(fragment)) dead.push(`${where} (no heading with that anchor)`)
    }
  }
  t.ok(checked > 100, `${String(checked)} relative links checked`)
  t.same(dead, [], 'no dead link')
})

t.test('a README section named in words is a heading of the README', async (t) => {
  const readme = anchorsIn(join(root, 'README.md'))
  const missing: string[] = []
  for (const page of pages) {
    prose(page.text).forEach((line, i) => {
      for (const m of line.matchAll(/README's (?:"([^"]+)"|(\w[\w ]*?) section)/g)) {
        const name = m[1] ?? m[2]!
        if (!readme.has(slug(name))) missing.push(`${page.path}:${String(i + 1)}: the README's ${m[0].slice(9)}`)
      }
    })
  }
  t.same(missing, [], 'every named section exists')
})

t.test('a page named as a path in code exists', async (t) => {
  const missing: string[] = []
  for (const page of pages) {
    prose(page.text).forEach((line, i) => {
      for (const m of line.matchAll(/`((?:\.\.?\/)*[\w.-]+(?:\/[\w.-]+)*\.md)`/g)) {
        // Named from the repository's root, as most prose does, or from the page's own folder.
        if (!existsSync(join(root, m[1]!)) && !existsSync(join(root, dirname(page.path), m[1]!))) missing.push(`${page.path}:${String(i + 1)}: ${m[1]!}`)
      }
    })
  }
  t.same(missing, [], 'every page named in code exists')
})
