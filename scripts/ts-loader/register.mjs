// Loads the tests' TypeScript through esbuild (node --import=./scripts/ts-loader/register.mjs). tap's own
// TypeScript plugin starts ts-node, which loads the TypeScript compiler in every test process: about 1.5 s of
// CPU per file, most of the suite's fixed cost. Types are checked by `npm run typecheck`, not here.
import '../node-line.cjs'
import { register } from 'node:module'

register('./hooks.mjs', import.meta.url)
