import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { parse } from 'yaml'

/**
 * The composite action (action.yml) as a runner would take it: its steps in order, each `if:` evaluated, each
 * shell step's `run` run by bash with the step's env, GITHUB_ENV carried to later steps; the `uses:` steps are
 * GitHub's own (setup-node: this suite's Node is on PATH; upload-artifact: the test reads the folder it uploads).
 * Needs `npm run build` first, like the CLI tests.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
if (!existsSync(join(root, 'dist/src/launcher.js'))) throw new Error('dist/ is not built: run `npm run build` first')

interface Step { name?: string, id?: string, uses?: string, if?: string, run?: string, shell?: string, env?: Record<string, string>, with?: Record<string, string> }
interface Action { inputs: Record<string, { default?: string }>, runs: { using: string, steps: Step[] } }
const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as Action

interface Ran { step: string, code: number | null, output: string }
interface Job { ran: Ran[], uploaded: string | undefined, env: Record<string, string> }

/** The expressions action.yml uses: inputs.*, runner.temp and steps.*.outputs.* ; always(), && and != ''. */
function expand (text: string, ctx: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => {
    if (!(name in ctx)) throw new Error(`action.yml uses \${{ ${name} }}, which this test does not know`)
    return ctx[name]!
  })
}
function condition (expr: string | undefined, ctx: Record<string, string>, failed: boolean): boolean {
  if (expr === undefined) return !failed
  const values: string[] = []
  const js = expr.replace(/always\(\)/g, 'true').replace(/\b(inputs\.[\w-]+)/g, (_, name: string) => `v[${String(values.push(ctx[name] ?? '') - 1)}]`)
  if (!/^[\s\w[\]'!=&|()]*$/.test(js)) throw new Error(`an if: this test cannot evaluate: ${expr}`)
  const value = new Function('v', `return (${js})`)(values) as boolean
  return expr.includes('always()') ? value : value && !failed
}

function bash (script: string, env: Record<string, string>, cwd: string): Promise<{ code: number | null, output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (c: Buffer) => { output += c.toString() })
    child.stderr.on('data', (c: Buffer) => { output += c.toString() })
    child.once('close', (code) => { resolve({ code, output }) })
  })
}

async function runAction (inputs: Record<string, string>, workspace: string): Promise<Job> {
  const temp = join(workspace, '.runner-temp')
  mkdirSync(temp, { recursive: true })
  const files = { GITHUB_ENV: join(temp, 'env'), GITHUB_OUTPUT: join(temp, 'output'), GITHUB_STEP_SUMMARY: join(temp, 'summary') }
  const ctx: Record<string, string> = { 'runner.temp': temp }
  for (const [name, input] of Object.entries(action.inputs)) ctx[`inputs.${name}`] = inputs[name] ?? input.default ?? ''
  const jobEnv: Record<string, string> = {}
  const job: Job = { ran: [], uploaded: undefined, env: jobEnv }
  let failed = false
  for (const step of action.runs.steps) {
    const label = step.name ?? step.uses ?? '?'
    if (!condition(step.if, ctx, failed)) continue
    if (step.uses !== undefined) {
      if (step.uses.startsWith('actions/upload-artifact@')) job.uploaded = expand(step.with!.path!, ctx)
      continue
    }
    for (const file of Object.values(files)) writeFileSync(file, '')
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', GITHUB_ACTION_PATH: root, RUNNER_TEMP: temp, ...files, ...jobEnv
    }
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(String(v), ctx)
    const { code, output } = await bash(expand(step.run!, ctx), env, workspace)
    job.ran.push({ step: label, code, output })
    if (code !== 0) failed = true
    for (const line of readFileSync(files.GITHUB_ENV, 'utf8').split('\n').filter(Boolean)) {
      const [k, ...v] = line.split('=')
      jobEnv[k!] = v.join('=')
    }
    for (const line of readFileSync(files.GITHUB_OUTPUT, 'utf8').split('\n').filter(Boolean)) {
      const [k, ...v] = line.split('=')
      if (step.id !== undefined) ctx[`steps.${step.id}.outputs.${k!}`] = v.join('=')
    }
  }
  return job
}

const work = mkdtempSync(join(tmpdir(), 'unimock-action-'))
t.teardown(() => { rmSync(work, { recursive: true, force: true }) })

t.test('a passing job: the tests run against unimock, the scenarios pass, the reports are uploaded', async (t) => {
  const workspace = join(work, 'pass')
  mkdirSync(workspace)
  // The team's tests: here, the documented link flow with curl and a second, refused exchange.
  const command = [
    'K="Authorization: Bearer $UNIMOCK_API_KEY"; J="content-type: application/json"',
    'LT=$(curl -sf -XPOST "$UNIMOCK_URL/api/hris/v1/link-token" -H "$K" -H "$J" -d \'{"end_user_origin_id":"org-ci"}\' | node -p "JSON.parse(require(\'fs\').readFileSync(0)).link_token")',
    'PT=$(curl -sf -XPOST "$UNIMOCK_URL/_unimock/link-tokens/$LT/complete" -H "$K" -H "$J" -d "{}" | node -p "JSON.parse(require(\'fs\').readFileSync(0)).public_token")',
    'curl -sf "$UNIMOCK_URL/api/hris/v1/account-token/$PT" -H "$K" >/dev/null',
    'test "$(curl -s -o /dev/null -w "%{http_code}" "$UNIMOCK_URL/api/hris/v1/account-token/$PT" -H "$K")" = 400',
    'echo "tests passed against $UNIMOCK_URL"'
  ].join('\n')
  const job = await runAction({ command, scenarios: 'happy-path relink-needed', port: '0', 'api-key': 'test_team' }, workspace)
  t.same(job.ran.map((r) => [r.step, r.code]), [
    ['Install unimock', 0], ['Start unimock', 0], ['Run the tests against unimock', 0], ['unimock check', 0], ['Integrator report, then stop unimock', 0]
  ], job.ran.filter((r) => r.code !== 0).map((r) => r.output).join('\n'))
  t.match(job.ran[2]!.output, /tests passed against http:\/\/127\.0\.0\.1:\d+/)
  t.match(job.env, { UNIMOCK_URL: /^http:\/\/127\.0\.0\.1:\d+$/, UNIMOCK_API_KEY: 'test_team' }, 'later steps of the job get the URL and key')

  const dir = job.uploaded!
  t.equal(dir, join(workspace, '.runner-temp', 'unimock-report'))
  t.match(readFileSync(join(dir, 'check.txt'), 'utf8'), /scenario happy-path .*passed[\s\S]*2 scenarios: 2 passed, 0 failed/)
  const report = JSON.parse(readFileSync(join(dir, 'integrator-report.json'), 'utf8')) as { findings: Array<{ code: string }> }
  t.same(report.findings.map((f) => f.code), ['token_reused'], 'the report of the key the tests used')
  const journal = JSON.parse(readFileSync(join(dir, 'requests.json'), 'utf8')) as { entries: unknown[] }
  t.equal(journal.entries.length, 4, 'its request journal: the link token, the completion, two exchanges')
  t.ok(existsSync(join(dir, 'unimock.log')), 'the server log is kept')
  t.notOk(existsSync(join(dir, 'unimock.pid')), 'the server was stopped')
  t.rejects(fetch(job.env.UNIMOCK_URL!), 'nothing listens any more')
  t.match(readFileSync(join(workspace, '.runner-temp', 'summary'), 'utf8'), /findings: token_reused \(1\)/, 'the job summary names the findings')
  // The steps' own variables (UNIMOCK_REPORT_DIR, UNIMOCK_ACTION_*, UNIMOCK_URL) reach every unimock they start.
  const said = [...job.ran.map((r) => r.output), ...['unimock.log', 'unimock.out', 'check.txt'].map((f) => readFileSync(join(dir, f), 'utf8'))]
  t.same(said.join('\n').split('\n').filter((line) => /is not a setting/.test(line)), [], 'no step, log or summary warns about the Action\'s own variables')
})

t.test('a failing scenario fails the job, and the report is still uploaded', async (t) => {
  const workspace = join(work, 'fail')
  mkdirSync(workspace)
  writeFileSync(join(workspace, 'wrong.yaml'), [
    'name: wrong', 'description: expects a status the link never gives',
    'accounts: [{ ref: a, category: hris }]',
    'steps:', '  - at: 0s', '    link: { account: a }', '    expect:', '      - account: { account: a, status: RELINK_NEEDED }'
  ].join('\n'))
  const job = await runAction({ scenarios: 'wrong.yaml', port: '0' }, workspace)
  t.same(job.ran.map((r) => [r.step, r.code]), [['Install unimock', 0], ['Start unimock', 0], ['unimock check', 1], ['Integrator report, then stop unimock', 0]])
  t.match(readFileSync(join(job.uploaded!, 'check.txt'), 'utf8'), /1 scenario: 0 passed, 1 failed/)
  t.ok(existsSync(join(job.uploaded!, 'integrator-report.json')), 'the report of a failed job is uploaded too')
})
