#!/usr/bin/env node
// Reads the TAP stream of `tap --reporter=tap` on stdin, echoes it, and ends with "N passed, N failed".
// A "test" is a top-level test (or bare assertion) inside a test file; a file that dies before reporting
// any counts as one failure, so a crash can never look green.
import { Parser } from 'tap-parser'

let passed = 0
let failed = 0
let skipped = 0
const failures = []

const root = new Parser()
root.on('child', (file) => {
  let seen = 0
  file.on('assert', (a) => {
    seen++
    if (a.skip || a.todo) skipped++
    else if (a.ok) passed++
    else { failed++; failures.push(`${file.name}: ${a.name}`) }
  })
  file.on('complete', (results) => {
    if (seen === 0 && !results.ok) { failed++; failures.push(`${file.name}: the file failed before reporting a test`) }
  })
})
root.on('complete', (results) => {
  if (failures.length > 0) process.stdout.write(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`)
  if (!results.ok && failed === 0) { failed++; process.stdout.write('the test run itself failed (see above)\n') }
  process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`)
  process.exitCode = failed > 0 ? 1 : 0
})
process.stdin.on('data', (chunk) => { process.stdout.write(chunk) })
process.stdin.pipe(root)
