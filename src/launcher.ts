#!/usr/bin/env node
import { fileURLToPath } from 'node:url'
import { loadBundle } from './code-cache.js'

/**
 * The `unimock` bin (and `npm start`, and the Docker image): runs the CLI bundle through V8's code cache.
 * The build writes the cache (scripts/warm-code-cache.mjs); a start that finds none, or one for another
 * build or Node version, writes a fresh one as it exits, where the directory is writable.
 */
const bundle = loadBundle(fileURLToPath(new URL('./server.bundle.cjs', import.meta.url)))
const runCli = bundle.exports.runCli as () => Promise<boolean>
const serving = await runCli()
if (serving && !bundle.cacheAccepted) process.on('exit', () => { bundle.saveCodeCache() })
