import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** The test folder (test/), for the group files and the check that every test file is in exactly one group. */
export const TEST_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..')

/** Every `*.test.ts` directly in a folder of test/ (not its sub-folders), in name order. */
function testFilesIn (folder: string): string[] {
  return readdirSync(join(TEST_ROOT, folder)).filter((name) => name.endsWith('.test.ts')).sort().map((name) => join(TEST_ROOT, folder, name))
}

/**
 * Runs the test files of some folders in this one process. Each test process pays about 3 s of CPU before
 * its first assertion and again while its code is cold (node, tap's module hooks, importing and compiling
 * the app, a first app's schemas): `npm test` runs twelve groups (test/groups/) instead of 136 files. Each file stays a
 * test of its own: `npx tap test/some/file.test.ts` runs it alone. The files' top-level tests register on
 * the one root test, in file order, so the group's output counts each of them as the file's own run would.
 */
export async function runGroup (folders: readonly string[]): Promise<void> {
  for (const folder of folders) {
    for (const file of testFilesIn(folder)) await import(pathToFileURL(file).href)
  }
}
