// Bundles the dashboard's browser code (ui/dashboard) into dist/src/ui/ with the same esbuild options the
// sources' server uses in memory (src/dashboard/bundle.ts, compiled by the build's tsc step before this).
import { fileURLToPath } from 'node:url'
import { bundleDashboard } from '../dist/src/dashboard/bundle.js'

const root = fileURLToPath(new URL('..', import.meta.url))
await bundleDashboard(root, `${root}dist/src/ui`)
