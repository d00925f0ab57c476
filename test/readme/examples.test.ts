import t from 'tap'
import { blocks, docs, matches, trimEnd } from './markdown.js'
import { Shell, startServer } from './shell.js'

/**
 * The documentation cannot drift: the `sh` blocks of README.md and of every page under docs/ run, each file's
 * in order in one bash session of its own, against a fresh `unimock --clock virtual` of its own (the built CLI),
 * and a `text` block right after an `sh` block is that block's expected output (`...` in a line matches any
 * text; a line that is only `...` matches any number of lines).
 */

const pages = docs().map((doc) => ({ ...doc, blocks: blocks(doc.text) })).filter((doc) => doc.blocks.some((b) => b.lang === 'sh'))

t.test('the README and the docs have examples that run', async (t) => {
  t.ok(pages.some((page) => page.path === 'README.md'), 'the README has sh blocks')
  t.ok(pages.length >= 8, `${pages.length} files have sh blocks`)
})

// Each file has a server and a shell of its own, so files run side by side (jobs on this subtest only: the group
// runner loads other test files into the same process); the blocks of one file run in order.
t.test('the examples of each file', { jobs: 4 }, async (t) => {
  for (const page of pages) {
    t.test(`every sh block of ${page.path} runs, and prints what the text block after it shows`, async (t) => {
      const url = await startServer(t)
      const shell = new Shell(process.env)
      t.teardown(() => { shell.close() })
      const all = page.blocks
      for (let i = 0; i < all.length; i++) {
        const block = all[i]!
        if (block.lang !== 'sh') continue
        const script = block.body.replace(/(?:localhost|127\.0\.0\.1):4010/g, url.replace(/^http:\/\//, ''))
        const out = await shell.run(script, `__DOC_BLOCK_${i}__`)
        const next = all[i + 1]
        if (next?.lang === 'text') {
          const expected = trimEnd(next.body.split('\n'))
          // HTTP header lines end in CR LF.
          const actual = trimEnd(out.split('\n').map((line) => line.replace(/\r$/, '')))
          t.ok(matches(expected, actual), `${page.path} line ${block.line}: the output matches the text block at line ${next.line}`, { found: actual.join('\n'), wanted: expected.join('\n'), stderr: shell.stderr() })
        } else {
          t.notMatch(out, /\[bash exited/, `${page.path} line ${block.line} runs`, { stderr: shell.stderr() })
        }
      }
    })
  }
})
