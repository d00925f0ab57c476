// Module hooks for register.mjs: `.js` specifiers that name a `.ts` source (NodeNext style) resolve to it, and
// `.ts` files are transpiled one at a time by esbuild, with an inline source map for stacks and coverage.
// Every test file imports most of src/ (about 300 files): transpiling them again in each of the suite's test
// processes cost about 0.8 s of CPU per file, so each output is kept on disk, keyed by everything it depends on.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { threadId } from 'node:worker_threads'
import { transform, version } from 'esbuild'

const TS = /\.(?:ts|mts|cts|tsx)$/
const RELATIVE = /^(?:\.{1,2}\/|\/|file:)/
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/unimock-ts-loader/', import.meta.url))
// Bump when the options below change in a way the key would not see.
const FORMAT = 1
let written = 0

export async function resolve (specifier, context, next) {
  // Inside TypeScript sources a relative `.js` specifier almost always names a `.ts` file: trying that first
  // saves a failed lookup (and its thrown error) per import.
  if (RELATIVE.test(specifier) && specifier.endsWith('.js') && TS.test(context.parentURL ?? '')) {
    try {
      return await next(`${specifier.slice(0, -3)}.ts`, context)
    } catch {}
  }
  try {
    return await next(specifier, context)
  } catch (error) {
    const ts = specifier.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts').replace(/\.cjs$/, '.cts')
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || ts === specifier || !RELATIVE.test(specifier)) throw error
    return next(ts, context)
  }
}

export async function load (url, context, next) {
  if (!url.startsWith('file:') || !TS.test(url)) return next(url, context)
  const file = fileURLToPath(url)
  const source = await readFile(file, 'utf8')
  const format = file.endsWith('.cts') ? 'commonjs' : 'module'
  return { format, source: await transpiled(file, source), shortCircuit: true }
}

async function transpiled (file, source) {
  // The source map names the file, so the path is part of the key along with the source and the compiler.
  const key = createHash('sha1').update(`${FORMAT}\0${version}\0${file}\0${source}`).digest('hex')
  const cached = join(CACHE, `${key}.js`)
  try {
    return await readFile(cached, 'utf8')
  } catch {}
  const { code } = await transform(source, {
    loader: file.endsWith('x') ? 'tsx' : 'ts',
    format: file.endsWith('.cts') ? 'cjs' : 'esm',
    target: 'node22',
    sourcemap: 'inline',
    sourcefile: file,
    // What tsconfig.json implies for emit: ES2022 class fields are defined, not assigned.
    tsconfigRaw: { compilerOptions: { target: 'ES2022', useDefineForClassFields: true } }
  })
  try {
    // Written under a unique name and renamed: two test processes may write the same entry at once.
    await mkdir(CACHE, { recursive: true })
    const partial = `${cached}.${process.pid}.${threadId}.${written++}`
    await writeFile(partial, code)
    await rename(partial, cached)
  } catch {}
  return code
}
