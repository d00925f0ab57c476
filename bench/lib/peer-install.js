import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * A peer server's package, installed once from the npm registry into a cache outside the project (never a
 * dependency of unimock: the bench compares against it, nothing ships it). Returns the package's folder.
 */
export function installPeer (name, version) {
  const root = join(process.env.UNIMOCK_BENCH_PEERS ?? join(homedir(), '.cache', 'unimock', 'bench-peers'), `${name}@${version}`)
  const folder = join(root, 'node_modules', name)
  if (existsSync(join(folder, 'package.json'))) return folder
  mkdirSync(root, { recursive: true })
  const npm = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', root, `${name}@${version}`], { encoding: 'utf8' })
  if (npm.status !== 0) throw new Error(`npm install ${name}@${version} failed (the peers case needs the npm registry once):\n${npm.stderr.slice(-2000)}`)
  return folder
}
