import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { DashboardAssets } from './bundle.js'

export type { DashboardAssets }

let loading: Promise<DashboardAssets> | undefined

/**
 * The bundle, read on the first request for the dashboard and kept: a server nobody opens the dashboard of
 * never reads it. The build writes it to dist/src/ui/ (beside the compiled code and the CLI bundle); run from
 * the sources (tests, development) it is bundled from ui/dashboard/ in memory, with the devDependency esbuild.
 */
export function dashboardAssets (): Promise<DashboardAssets> {
  loading ??= load().catch((error: unknown) => { loading = undefined; throw error })
  return loading
}

async function load (): Promise<DashboardAssets> {
  for (const dir of ['./ui/', '../ui/']) {
    const js = new URL(`${dir}dashboard.js`, import.meta.url)
    if (existsSync(js)) {
      return { js: readFileSync(js, 'utf8'), css: readFileSync(new URL(`${dir}dashboard.css`, import.meta.url), 'utf8') }
    }
  }
  const { bundleDashboard } = await import('./bundle.js')
  return bundleDashboard(packageRoot(), null)
}

/** The package root seen from the sources: where ui/dashboard/ is. */
function packageRoot (): string {
  let dir = new URL('.', import.meta.url)
  for (let i = 0; i < 5; i++) {
    if (existsSync(new URL('ui/dashboard/main.tsx', dir))) return fileURLToPath(dir)
    dir = new URL('..', dir)
  }
  throw new Error('the dashboard is not built (npm run build) and its sources (ui/dashboard) are not here')
}
