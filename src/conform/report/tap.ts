import type { Verdict } from '../verdict.js'

/** The verdicts as TAP version 14: a failure carries its evidence as a YAML diagnostic; n/a is a SKIP. */

const yamlString = (s: string): string => JSON.stringify(s)

/** `comments`: lines written as TAP comments after the plan (`unimock check` names its run's id). */
export function tapReport (verdicts: readonly Verdict[], comments: readonly string[] = []): string {
  const out = ['TAP version 14', `1..${verdicts.length}`, ...comments.map((c) => `# ${c}`)]
  verdicts.forEach((v, i) => {
    const title = `${i + 1} - ${v.id}: ${v.detail.replace(/#/g, '\\#')}`
    if (v.outcome === 'pass') { out.push(`ok ${title}`); return }
    if (v.outcome === 'n/a') { out.push(`ok ${i + 1} - ${v.id} # SKIP ${v.detail.replace(/#/g, '\\#')}`); return }
    out.push(`not ok ${title}`, '  ---', `  rule: ${yamlString(v.rule)}`)
    const e = v.evidence
    if (e !== undefined) {
      out.push(`  expected: ${yamlString(e.expected)}`, `  got: ${yamlString(e.got)}`)
      if (e.screenshot !== undefined) out.push(`  screenshot: ${yamlString(e.screenshot)}`)
      if ((e.requests ?? []).length > 0) out.push('  requests:', ...e.requests!.map((r) => `    - ${yamlString(r)}`))
      if ((e.answers ?? []).length > 0) out.push('  answers:', ...e.answers!.map((a) => `    - ${yamlString(a)}`))
      if ((e.log ?? []).length > 0) out.push('  log:', ...e.log!.map((l) => `    - ${yamlString(l)}`))
    }
    out.push('  ...')
  })
  return `${out.join('\n')}\n`
}
