import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'tap'
import { type AppDeps, buildApp, type UnimockApp } from '../../src/app.js'
import type { ConfigInput } from '../../src/config.js'
import { VirtualClock } from '../../src/core/virtual-clock.js'

export const START = Date.parse('2026-01-01T00:00:00.000Z')

/** An app on a virtual clock and an in-memory database, closed when the test ends. */
export async function makeApp (t: Test, config: ConfigInput = {}, deps: Omit<AppDeps, 'clock'> = {}): Promise<{ app: UnimockApp, clock: VirtualClock }> {
  const clock = new VirtualClock(config.clockStart === undefined ? START : Date.parse(config.clockStart))
  const app = buildApp({ clock: 'virtual', logLevel: 'silent', ...config }, { ...deps, clock })
  t.teardown(() => app.close())
  await app.ready()
  return { app, clock }
}

/** JSON body of an inject() response, typed loosely for assertions. */
export function json<T = any> (res: { body: string }): T {
  return JSON.parse(res.body) as T
}

/**
 * A database file in a scratch folder (gone when the test ends) and `open`, which starts a virtual-clock app
 * on it as `unimock --db FILE` does: open, close, open again to see what survives a restart.
 */
export function fileDatabase (t: Test, config: ConfigInput = {}): { path: string, open: () => Promise<UnimockApp> } {
  const dir = mkdtempSync(join(tmpdir(), 'unimock-test-'))
  t.teardown(() => { rmSync(dir, { recursive: true, force: true }) })
  const path = join(dir, 'unimock.db')
  const open = async (): Promise<UnimockApp> => {
    const app = buildApp({ db: path, clock: 'virtual', logLevel: 'silent', rateLimit: 'off', ...config }, { clock: new VirtualClock(START) })
    await app.ready()
    return app
  }
  return { path, open }
}
