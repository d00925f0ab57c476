// An esbuild plugin for the CLI bundle (scripts/bundle-server.mjs): find-my-way, Fastify's router, compiles
// a function with `new Function` for every static path segment, every route's params and every route's
// constraint matcher as each route is added (about a thousand for unimock's routes, and twice over for those
// added before a constraint strategy, which rebuilds the whole router). That was a sixth of a cold start, for
// functions most of which no request of a run ever calls. In the bundle each is compiled on its first call
// instead, from the same inputs, and replaces itself on its owner: after that first call the router runs
// exactly the code it ran before. A strategy whose derived value never excludes unconstrained routes
// (mustMatchWhenDerived false, replacing none that does) changes no compiled matcher, so it no longer
// rebuilds the router. Each patch names the text it replaces. A find-my-way that no longer has it (a newer
// Fastify than the lockfile's) is bundled as it is, with a warning: a user's install must not fail for a
// slower start; test/cli/lazy-router.test.ts fails by name when the bundle holds no patched router.
import { readFile } from 'node:fs/promises'

const PATCHES = {
  'lib/node.js': [
    ['this.matchPrefix = kind === NODE_TYPES.STATIC ? compilePrefixMatch(prefix) : null', 'this.matchPrefix = kind === NODE_TYPES.STATIC ? matchPrefixOnFirstUse(this, prefix) : null'],
    ['this.matchPrefix = compilePrefixMatch(childPrefix)', 'this.matchPrefix = matchPrefixOnFirstUse(this, childPrefix)'],
    ['module.exports = {', `function matchPrefixOnFirstUse (node, prefix) {
  if (prefix.length === 1 || prefix.length >= LONG_PREFIX_MIN_LENGTH) return compilePrefixMatch(prefix)
  return function compileOnFirstMatch (path, i) {
    const match = compilePrefixMatch(prefix)
    if (node.prefix === prefix) node.matchPrefix = match
    return match(path, i)
  }
}

module.exports = {`]
  ],
  'lib/handler-storage.js': [
    [/_createParamsObject: this\._compileCreateParamsObject\(params\)\s*\}/, `_createParamsObject: null
    }
    handlerObject._createParamsObject = createParamsOnFirstUse(this, handlerObject, params)`],
    ['this._compileGetHandlerMatchingConstraints(constrainer, constraints)', 'this._getHandlerMatchingConstraints = matchConstraintsOnFirstUse(this, constrainer)'],
    ['module.exports = HandlerStorage', `function createParamsOnFirstUse (storage, handlerObject, params) {
  return function compileOnFirstUse (param0, param1, param2, param3, extraParams) {
    handlerObject._createParamsObject = storage._compileCreateParamsObject(params)
    return handlerObject._createParamsObject(param0, param1, param2, param3, extraParams)
  }
}

function matchConstraintsOnFirstUse (storage, constrainer) {
  return function compileOnFirstUse (derivedConstraints) {
    storage._compileGetHandlerMatchingConstraints(constrainer)
    return storage._getHandlerMatchingConstraints(derivedConstraints)
  }
}

module.exports = HandlerStorage`]
  ],
  'index.js': [
    [/Router\.prototype\.addConstraintStrategy = function \(constraints\) \{\s*this\.constrainer\.addConstraintStrategy\(constraints\)\s*this\._rebuild\(this\.routes\)\s*\}/,
      `Router.prototype.addConstraintStrategy = function (constraints) {
  const replaced = Object.hasOwn(this.constrainer.strategies, constraints.name) ? this.constrainer.strategies[constraints.name] : undefined
  this.constrainer.addConstraintStrategy(constraints)
  if (constraints.mustMatchWhenDerived || replaced?.mustMatchWhenDerived) this._rebuild(this.routes)
}`]
  ]
}

const FILES = new RegExp(`[\\\\/]node_modules[\\\\/]find-my-way[\\\\/](${Object.keys(PATCHES).map((f) => f.replace('.', '\\.').replace('/', '[\\\\/]')).join('|')})$`)

export const lazyRouter = {
  name: 'lazy-router',
  setup (b) {
    const seen = new Set()
    b.onLoad({ filter: FILES }, async (args) => {
      const file = Object.keys(PATCHES).find((f) => args.path.replaceAll('\\', '/').endsWith(`/find-my-way/${f}`))
      const original = await readFile(args.path, 'utf8')
      let contents = original
      for (const [from, to] of PATCHES[file]) {
        const found = typeof from === 'string' ? contents.includes(from) : from.test(contents)
        if (!found) {
          const why = `lazy-router: ${args.path} no longer holds ${String(from)}: review scripts/lazy-router.mjs against this find-my-way`
          process.stderr.write(`${why} (bundled unpatched: the router compiles its matchers at start, as find-my-way does)\n`)
          seen.add(file)
          return { contents: original, loader: 'js' }
        }
        contents = contents.replace(from, to)
      }
      seen.add(file)
      return { contents, loader: 'js' }
    })
    b.onEnd((result) => {
      if (result.errors.length > 0) return
      const missing = Object.keys(PATCHES).filter((f) => !seen.has(f))
      if (missing.length > 0) throw new Error(`lazy-router: the bundle holds no find-my-way ${missing.join(', ')}: review scripts/lazy-router.mjs`)
    })
  }
}
