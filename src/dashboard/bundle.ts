import { join } from 'node:path'

/** The dashboard's browser code and styles, bundled by esbuild (ui/dashboard, scripts/bundle-dashboard.mjs). */
export interface DashboardAssets {
  readonly js: string
  readonly css: string
}

/**
 * Bundles the dashboard (ui/dashboard/main.tsx: Preact components, d3-scale for the timeline's axis) for the
 * browser: one script and one stylesheet, nothing fetched from elsewhere. `npm run build` writes them to
 * dist/src/ui/ (outdir); the sources' server bundles them in memory (outdir null). esbuild is a
 * devDependency: the published package carries the built files and never calls this.
 */
export async function bundleDashboard (root: string, outdir: string | null): Promise<DashboardAssets> {
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { dashboard: join(root, 'ui/dashboard/main.tsx') },
    bundle: true,
    format: 'esm',
    target: ['chrome111', 'firefox111', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    outdir: outdir ?? join(root, 'dist/src/ui'),
    write: outdir !== null
  })
  if (outdir !== null) return { js: '', css: '' }
  const text = (suffix: string): string => result.outputFiles?.find((f) => f.path.endsWith(suffix))?.text ?? ''
  return { js: text('.js'), css: text('.css') }
}
