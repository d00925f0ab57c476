import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const EXTENSIONS = ['.yaml', '.yml', '.json']

/** The package's scenarios/ folder, from the source tree (tests) or the build (dist/src/...) alike. */
export function packageScenarios (): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'scenarios'))) return join(dir, 'scenarios')
    dir = dirname(dir)
  }
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'scenarios')
}

export function scenarioFiles (folder: string): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder).filter((f) => EXTENSIONS.some((e) => f.endsWith(e))).sort()
}

/** A file of the folder by name, with or without its extension; never a path outside the folder. */
export function readScenarioFile (folder: string, name: string): { file: string, text: string } | undefined {
  if (name.includes('/') || name.includes('\\') || name.startsWith('.')) return undefined
  const files = scenarioFiles(folder)
  const file = files.find((f) => f === name) ?? files.find((f) => EXTENSIONS.some((e) => f === name + e))
  if (file === undefined) return undefined
  return { file: `scenarios/${file}`, text: readFileSync(join(folder, file), 'utf8') }
}
