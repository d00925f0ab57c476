import semver from 'semver'

/**
 * The Node lines a package's `engines.node` names, each at the lowest version it allows, and the packages of
 * a lockfile that would refuse one of them under `npm install --engine-strict`. Resolution does not depend on
 * the Node version, so one resolved lockfile shows what installs on every line, not only on the Node running.
 */

/** The newest Node line released; raise it when a new line comes out. */
export const NEWEST_NODE_LINE = 26

/** `^20.19.0 || >=22.12.0` → ['20.19.0', '22.12.0', '23.0.0', ...] up to the newest line. */
export function lowestVersionPerLine (engines: string): string[] {
  const range = new semver.Range(engines)
  const newest = Math.max(NEWEST_NODE_LINE, semver.major(process.versions.node))
  const lowest: string[] = []
  for (let major = 16; major <= newest; major++) {
    const candidates = range.set
      .map((comparators) => semver.minVersion(`${comparators.map((c) => c.value).join(' ')} >=${major}.0.0 <${major + 1}.0.0-0`))
      .filter((v): v is semver.SemVer => v !== null && range.test(v) && v.major === major)
      .sort(semver.compare)
    if (candidates[0] !== undefined) lowest.push(candidates[0].version)
  }
  return lowest
}

interface LockPackage { readonly version?: string, readonly engines?: { readonly node?: string } | readonly string[], readonly dev?: boolean }

/** "cookie@2.0.2 needs node >=22, not 20.19.0" for each installed package that refuses one of the versions. */
export function engineViolations (lock: { packages: Record<string, LockPackage> }, versions: readonly string[]): string[] {
  const problems: string[] = []
  for (const [path, pkg] of Object.entries(lock.packages)) {
    const wanted = Array.isArray(pkg.engines) ? undefined : (pkg.engines as { node?: string } | undefined)?.node
    if (path === '' || wanted === undefined) continue
    const name = path.replace(/^.*node_modules\//, '')
    for (const version of versions) {
      if (!semver.satisfies(version, wanted, { includePrerelease: true })) problems.push(`${name}@${pkg.version ?? '?'} needs node ${wanted}, not ${version}`)
    }
  }
  return problems
}
