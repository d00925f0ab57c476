import { createHash } from 'node:crypto'
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { Script } from 'node:vm'

/**
 * Runs a CommonJS bundle through V8's code cache: compiling the 1.8 MB CLI bundle was the largest single
 * cost of a cold start. Unlike Node's module.enableCompileCache (a directory of the user's, filled by the first
 * run), this cache ships beside the bundle, written by the build. A cache written by another Node line is
 * rejected by V8 (its version is part of the cache) and the launcher writes a fresh one at exit.
 *
 * V8 checks a cache against its own version and flags but, for the source, only against its length (an
 * edited bundle of the same length would run stale code), and it does not checksum the cache (a damaged
 * file would run damaged bytecode). So the cache file starts with the SHA-1 of the source it was made
 * from and the SHA-1 of the cache itself; a cache that fails either check never reaches V8. Both hashes
 * together cost about 3 ms.
 */

const MAGIC = 'unimock-code-cache-1'

export interface LoadedBundle {
  /** What the bundle assigned to `module.exports`. */
  readonly exports: Record<string, unknown>
  /** Whether V8 compiled the bundle from the cache file. */
  readonly cacheAccepted: boolean
  /** Writes a fresh cache of everything compiled so far; false when the file cannot be written. */
  saveCodeCache: () => boolean
}

const sha1 = (data: Buffer): string => createHash('sha1').update(data).digest('hex')

/** `<magic> <sha1 of the source> <sha1 of the cache>\n`, then the cache. */
const HEADER_LENGTH = MAGIC.length + 1 + 40 + 1 + 40 + 1

function readCache (cacheFile: string, sourceDigest: string): Buffer | undefined {
  let data: Buffer
  try {
    data = readFileSync(cacheFile)
  } catch {
    return undefined
  }
  if (data.length <= HEADER_LENGTH) return undefined
  const [magic, forSource, digest] = data.subarray(0, HEADER_LENGTH - 1).toString('latin1').split(' ')
  const cache = data.subarray(HEADER_LENGTH)
  return magic === MAGIC && forSource === sourceDigest && digest === sha1(cache) ? cache : undefined
}

export function loadBundle (file: string, cacheFile = `${file}.cache`): LoadedBundle {
  const bytes = readFileSync(file)
  const sourceDigest = sha1(bytes)
  let source = bytes.toString('utf8')
  // A shebang is valid at the start of a file, not inside the function wrapper below.
  if (source.startsWith('#!')) source = `//${source.slice(2)}`
  const cachedData = readCache(cacheFile, sourceDigest)
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    // No importModuleDynamically: Node's loader for it is experimental and warns on first use. The build turns
    // the bundle's import() calls into require() (scripts/bundle-server.mjs).
    cachedData
  })
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dir: string) => void
  const module = { exports: {} as Record<string, unknown> }
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file))

  return {
    exports: module.exports,
    cacheAccepted: cachedData !== undefined && !script.cachedDataRejected,
    saveCodeCache: () => {
      // Written aside then renamed, so a concurrent start never reads half a file.
      const partial = `${cacheFile}.${process.pid}.partial`
      try {
        const cache = script.createCachedData()
        writeFileSync(partial, Buffer.concat([Buffer.from(`${MAGIC} ${sourceDigest} ${sha1(cache)}\n`, 'latin1'), cache]))
        renameSync(partial, cacheFile)
        return true
      } catch {
        rmSync(partial, { force: true })
        return false
      }
    }
  }
}
