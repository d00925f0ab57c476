// Module hooks for register.mjs: `.js` specifiers that name a `.ts` source (NodeNext style) resolve to it, and
// `.ts` files are transpiled one at a time by esbuild, with an inline source map for stacks and coverage.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { transform } from 'esbuild'

const TS = /\.(?:ts|mts|cts|tsx)$/
const RELATIVE = /^(?:\.{1,2}\/|\/|file:)/

export async function resolve (specifier, context, next) {
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
  const { code } = await transform(await readFile(file, 'utf8'), {
    loader: file.endsWith('x') ? 'tsx' : 'ts',
    format: file.endsWith('.cts') ? 'cjs' : 'esm',
    target: 'node20',
    sourcemap: 'inline',
    sourcefile: file,
    // What tsconfig.json implies for emit: ES2022 class fields are defined, not assigned.
    tsconfigRaw: { compilerOptions: { target: 'ES2022', useDefineForClassFields: true } }
  })
  return { format: file.endsWith('.cts') ? 'commonjs' : 'module', source: code, shortCircuit: true }
}
