#!/usr/bin/env node
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { planCores, pinSelf } from './lib/cores.js'
import { detectLoader } from './lib/load.js'
import { parseOptions, USAGE } from './lib/options.js'
import { killAll } from './lib/processes.js'
import { printTable } from './lib/table.js'
import { assertBuilt } from './lib/unimock.js'

/**
 * The bench entry (`npm run bench`, which builds first). A case is a file bench/<name>.bench.js exporting
 * `description` and `run(ctx)`; run returns `{ checks: [{ name, value, target, ok }], results }`. Cases share
 * the helpers in bench/lib and are run one after another, never in parallel: they would share the cores.
 */

const benchDir = new URL('./', import.meta.url)

function discoverCases () {
  return readdirSync(fileURLToPath(benchDir))
    .filter((f) => f.endsWith('.bench.js'))
    .map((f) => ({ name: f.slice(0, -'.bench.js'.length), file: f }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

function select (all, wanted) {
  if (wanted.length === 0) return all
  const chosen = all.filter((c) => wanted.some((w) => c.name === w || c.name.startsWith(`${w}-`)))
  const unknown = wanted.filter((w) => !all.some((c) => c.name === w || c.name.startsWith(`${w}-`)))
  if (unknown.length > 0) throw new Error(`unknown bench case ${unknown.map((u) => `"${u}"`).join(', ')}; known: ${all.map((c) => c.name).join(', ')}`)
  return chosen
}

async function main () {
  const options = parseOptions(process.argv.slice(2))
  if (options.help) { process.stdout.write(USAGE); return 0 }
  const all = discoverCases()
  if (options.list) {
    for (const c of all) {
      const mod = await import(new URL(c.file, benchDir))
      process.stdout.write(`${c.name.padEnd(20)} ${mod.description ?? ''}\n`)
    }
    return 0
  }
  const chosen = select(all, options.cases)
  assertBuilt()

  const cores = planCores()
  pinSelf(cores.load)
  const loader = detectLoader(options.loader)
  const [load1] = loadavg()
  process.stdout.write([
    `unimock bench · node ${process.version} · ${cpus()[0]?.model ?? 'unknown cpu'} × ${cpus().length}`,
    `load generator: ${loader.note}`,
    `cores: ${cores.note}`,
    `machine load average (1 min) before start: ${load1.toFixed(2)}${load1 > 0.5 ? ' — other work is running on these cores and will skew the figures' : ''}`,
    ''
  ].join('\n') + '\n')
  if (loader.name !== 'wrk') process.stdout.write(`NOTE: ${loader.note}\n\n`)

  const ctx = {
    options,
    cores,
    loader,
    heading: (text) => process.stdout.write(`\n== ${text}\n`),
    log: (text) => process.stdout.write(`${text}\n`),
    printTable
  }

  const checks = []
  const saved = { startedAt: new Date().toISOString(), node: process.version, loader: loader.name, cores, options, cases: {} }
  let failed = false
  for (const c of chosen) {
    const mod = await import(new URL(c.file, benchDir))
    ctx.heading(`${c.name}: ${mod.description ?? ''}`)
    try {
      const outcome = await mod.run(ctx)
      saved.cases[c.name] = outcome.results ?? null
      for (const check of outcome.checks ?? []) checks.push({ case: c.name, ...check })
    } catch (error) {
      failed = true
      process.stdout.write(`\n${c.name} FAILED: ${error.stack ?? error}\n`)
      saved.cases[c.name] = { error: String(error.message ?? error) }
    }
  }

  if (checks.length > 0) {
    ctx.heading('targets')
    printTable(['case', 'measure', 'value', 'target', 'verdict'], checks.map((k) => [k.case, k.name, k.value, k.target, k.ok ? 'met' : 'MISSED']))
  }
  const dir = new URL('./results/', benchDir)
  mkdirSync(dir, { recursive: true })
  const file = new URL(`${saved.startedAt.replace(/[:.]/g, '-')}.json`, dir)
  writeFileSync(file, JSON.stringify({ ...saved, checks }, null, 2) + '\n')
  process.stdout.write(`\nraw figures: ${fileURLToPath(file)}\n`)

  if (failed) return 1
  if (options.strict && checks.some((k) => !k.ok)) return 1
  return 0
}

// An interrupted bench must not leave servers running on the cores.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killAll()
    process.exit(130)
  })
}

main().then((code) => { process.exitCode = code }, (error) => {
  process.stderr.write(`bench: ${error.message}\n`)
  process.exitCode = 2
})
