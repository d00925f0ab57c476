import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { version } from '../../src/version.js'

/**
 * A release is a dated CHANGELOG section named for package.json's version, under an `[Unreleased]` heading that
 * collects what came after it; package-lock.json carries the same version; packed tarballs (`npm pack`) stay out
 * of git.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const read = (file: string): string => readFileSync(`${root}${file}`, 'utf8')
const manifest = JSON.parse(read('package.json')) as { version: string }
const lock = JSON.parse(read('package-lock.json')) as { version: string, packages: { '': { version: string } } }

t.test('the newest dated CHANGELOG section is the version package.json and its lock file carry', async (t) => {
  const headings = [...read('CHANGELOG.md').matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)]
  t.equal(headings[0]?.[1], 'Unreleased', 'the first section collects what is not released yet')
  const released = headings.slice(1)
  t.ok(released.every((h) => h[2] !== undefined), 'every released section is dated')
  t.equal(released[0]?.[1], manifest.version)
  t.equal(lock.version, manifest.version)
  t.equal(lock.packages[''].version, manifest.version)
  t.equal(version, manifest.version, 'the version the server reports (health, --version)')
  t.equal(manifest.version, '0.2.0', 'the 0.2.0 cut')
})

t.test('packed tarballs are ignored by git', async (t) => {
  t.ok(read('.gitignore').split('\n').includes('*.tgz'))
})
