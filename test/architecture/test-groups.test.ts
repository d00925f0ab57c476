import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import t from 'tap'
import { TEST_ROOT } from '../helpers/group.js'
import { GROUPS } from '../groups/groups.js'

/**
 * `npm test` runs the group files of test/groups/, each running every test file of its folders in one
 * process. A test file in a folder no group names would never run in the suite: each folder must be in
 * exactly one group, and each group must have its file.
 */

const folders = new Set<string>()
for (const file of readdirSync(TEST_ROOT, { recursive: true }) as string[]) {
  if (file.endsWith('.test.ts')) folders.add(dirname(file))
}

t.test('every folder with test files is run by exactly one group', async (t) => {
  const owners = new Map<string, string[]>()
  for (const [group, listed] of Object.entries(GROUPS)) {
    for (const folder of listed) owners.set(folder, [...(owners.get(folder) ?? []), group])
  }
  for (const folder of [...folders].sort()) t.same(owners.get(folder)?.length, 1, `${folder}: in ${owners.get(folder)?.join(', ') || 'no group'}`)
  for (const folder of owners.keys()) t.ok(folders.has(folder), `${folder} (listed in a group) has test files`)
})

t.test('each group has its file in test/groups, and tap runs those files', async (t) => {
  const files = readdirSync(join(TEST_ROOT, 'groups')).filter((name) => name.endsWith('.group.ts')).sort()
  t.same(files, Object.keys(GROUPS).map((group) => `${group}.group.ts`).sort())
  for (const file of files) {
    const group = file.replace(/\.group\.ts$/, '')
    const key = /^[a-z]+$/.test(group) ? `.${group}` : `['${group}']`
    t.match(readFileSync(join(TEST_ROOT, 'groups', file), 'utf8'), `runGroup(GROUPS${key})`, `${file} runs its own group`)
  }
  const pkg = JSON.parse(readFileSync(join(TEST_ROOT, '..', 'package.json'), 'utf8')) as { tap: { include: string[] } }
  t.same(pkg.tap.include.map((glob) => relative('test', glob)), ['groups/*.group.ts'])
})
