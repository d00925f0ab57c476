import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'

/**
 * Every plugin src/ registers carries its name (named() in src/http/plugin-name.ts). Fastify otherwise
 * searches require.cache for an unnamed plugin, twice per registration: in a process with the official
 * client loaded, building an app took 1.6x as long. Third-party plugins name themselves (fastify-plugin).
 */

const SRC = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../src')
const THIRD_PARTY = new Set(['swagger'])

t.test('each register() call in src/ passes a named plugin', async (t) => {
  let calls = 0
  for (const file of readdirSync(SRC, { recursive: true }) as string[]) {
    if (!file.endsWith('.ts')) continue
    const text = readFileSync(join(SRC, file), 'utf8')
    for (const match of text.matchAll(/\.register\(\s*([\w$]+)/g)) {
      calls++
      const plugin = match[1] ?? ''
      t.ok(plugin === 'named' || THIRD_PARTY.has(plugin), `${file}: register(${plugin}…) names its plugin`)
    }
  }
  t.ok(calls >= 40, `${calls} register() calls checked`)
})
