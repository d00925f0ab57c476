// Bundles dist/src/server.js (the CLI, compiled by the build's tsc step) into dist/src/server.bundle.cjs, the
// one file src/launcher.ts runs from V8's code cache. better-sqlite3 (a native addon), undici (loaded when a
// tenant adds its first webhook target) and esbuild (loaded only to bundle the dashboard when dist/src/ui is
// missing) stay outside; the Dockerfile copies the first two.
import { build } from 'esbuild'
import { chmodSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { blankScript } from '../dist/src/store/database.js'
import { lazyRouter } from './lazy-router.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/*
 * Fastify's server module requires node:https and node:http2 at load for the `https` and `http2` options,
 * which unimock never sets: loading the two (and node:tls under them) was about 8 ms of every cold start.
 * In the bundle each is a stand-in that requires the real module on its first property access, so a
 * server that never asks for it never loads it.
 */
const LAZY = { 'node:https': /[\\/]fastify[\\/]lib[\\/]server\.js$/, 'node:http2': /[\\/]fastify[\\/]lib[\\/]server\.js$/ }

const lazyBuiltins = {
  name: 'lazy-builtins',
  setup (b) {
    b.onResolve({ filter: /^node:(https|http2)$/ }, (args) => {
      const importer = LAZY[args.path]
      return importer?.test(args.importer) === true ? { path: args.path, namespace: 'lazy-builtin' } : undefined
    })
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      loader: 'js',
      contents: `let loaded
const real = () => (loaded ??= require(${JSON.stringify(args.path)}))
module.exports = new Proxy({}, {
  get: (_, key) => real()[key],
  has: (_, key) => key in real(),
  ownKeys: () => Reflect.ownKeys(real()),
  getOwnPropertyDescriptor: (_, key) => {
    const found = Reflect.getOwnPropertyDescriptor(real(), key)
    return found === undefined ? undefined : { ...found, configurable: true }
  }
})
`
    }))
  }
}

await build({
  entryPoints: [`${root}dist/src/server.js`],
  outfile: `${root}dist/src/server.bundle.cjs`,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  minifyWhitespace: true,
  minifySyntax: true,
  // playwright-core is loaded by `conform --app-page` only, at run time (it finds its own files beside it).
  external: ['better-sqlite3', 'undici', 'esbuild', 'playwright-core'],
  logLevel: 'warning',
  // import() becomes require(): a dynamic import inside a vm.Script (src/code-cache.ts) needs Node's
  // experimental vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER, whose ExperimentalWarning the first gzipped
  // /openapi.json printed. Every module the bundle loads late (node:zlib, esbuild, playwright-core) is CommonJS.
  supported: { 'dynamic-import': false },
  // The modules find their files (fixtures, the dashboard) from import.meta.url; in the bundle that is its own.
  // An in-memory database starts from the blank script (src/store/database.ts); the bundle carries it ready.
  // So do the version (src/version.ts would look for package.json from the bundle's folder up, 1-5 ms of a start).
  define: {
    'import.meta.url': '__unimockUrl',
    UNIMOCK_BLANK_DATABASE_SCRIPT: JSON.stringify(blankScript()),
    UNIMOCK_VERSION: JSON.stringify(JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version),
    // The fixtures are not deep-frozen in the bundle (src/core/fixtures.ts).
    UNIMOCK_FREEZE_FIXTURES: 'false'
  },
  banner: { js: "const __unimockUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [lazyBuiltins, lazyRouter]
})

/*
 * V8 keeps a script holding any character above U+00FF as two bytes per character: the 2.3 MB bundle
 * became 4.6 MB in memory, converted at every start. esbuild escapes such characters in strings, but not
 * in String.raw templates or kept comments, so the build refuses them (write an HTML entity or an escape).
 */
const bundled = readFileSync(`${root}dist/src/server.bundle.cjs`, 'utf8')
const wide = /[\u0100-\uffff]/.exec(bundled)
if (wide !== null) {
  throw new Error(`dist/src/server.bundle.cjs holds ${JSON.stringify(wide[0])} (U+${wide[0].codePointAt(0).toString(16).toUpperCase()}) ` +
    'beyond Latin-1: V8 would hold the whole bundle as two-byte text. Escape it in the source.')
}

// The bundle runs in a vm.Script without a dynamic import loader (src/code-cache.ts): an import() left in it
// would throw ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING when called.
const dynamic = /\bimport\(\s*["'`]/.exec(bundled)
if (dynamic !== null) {
  throw new Error(`dist/src/server.bundle.cjs holds a dynamic import (${bundled.slice(dynamic.index, dynamic.index + 60)}...), ` +
    'which the launcher cannot run: load the module with require() or a static import.')
}

// The bin runs as ./dist/src/launcher.js (npx in a clone, a cached npx entry): tsc writes it without the run bit.
chmodSync(`${root}dist/src/launcher.js`, 0o755)

