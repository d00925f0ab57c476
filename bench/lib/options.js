import { parseArgs } from 'node:util'

export const USAGE = `Usage: npm run bench [-- [case ...] [options]]

Runs every bench case (bench/*.bench.js), or those named (a name also selects the cases it prefixes:
"data" runs every data-* case).

Options:
  --duration SEC      length of each measured load run (default 5)
  --warmup SEC        unmeasured load on each route before measuring, for the JIT (default 3)
  --rounds N          measured runs per route and server, interleaved; the median is reported (default 5)
  --connections N     concurrent keep-alive connections (default 50)
  --cold-runs N       cold starts per server; the median is reported (default 7)
  --loader NAME       wrk | autocannon (default: wrk, autocannon through npx only when wrk is missing)
  --strict            exit 1 when a target is missed (default: report only)
  --list              list the cases and exit
  --help              this text
`

function positiveInt (name, raw) {
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${raw}"`)
  return n
}

export function parseOptions (argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      duration: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '3' },
      rounds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '50' },
      'cold-runs': { type: 'string', default: '7' },
      loader: { type: 'string' },
      strict: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false }
    }
  })
  if (values.loader !== undefined && !['wrk', 'autocannon'].includes(values.loader)) {
    throw new Error(`--loader must be wrk or autocannon, got "${values.loader}"`)
  }
  const warmup = Number(values.warmup)
  if (!Number.isInteger(warmup) || warmup < 0) throw new Error(`--warmup must be a whole number of seconds, got "${values.warmup}"`)
  return {
    cases: positionals,
    duration: positiveInt('duration', values.duration),
    warmup,
    rounds: positiveInt('rounds', values.rounds),
    connections: positiveInt('connections', values.connections),
    coldRuns: positiveInt('cold-runs', values['cold-runs']),
    loader: values.loader,
    strict: values.strict,
    list: values.list,
    help: values.help
  }
}
