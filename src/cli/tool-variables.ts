/**
 * UNIMOCK_* variables that name no setting but belong to unimock's own tools. A CI job's environment is every
 * step's, so the GitHub Action's own variables, and the URL it exports for later steps, reach every unimock the
 * job starts: reported as unknown, they were a warning in every job summary. They are never reported.
 * test/cli/tool-variables.test.ts fails on a UNIMOCK_ name the project's files use that is neither a setting
 * nor listed here.
 */
const TOOL_VARIABLES: ReadonlySet<string> = new Set([
  'UNIMOCK_URL', // the base URL the Action exports to the job's later steps (scripts/github-action.sh)
  'UNIMOCK_REPORT_DIR', // the Action's report folder
  'UNIMOCK_WEBHOOK_KEY', // the webhook key `unimock conform --app-command` hands the backend, as the examples read it
  'UNIMOCK_COMMAND', // how examples/python-pytest starts unimock
  'UNIMOCK_IMAGE', // the image the Go and Java examples and .ci/image run
  'UNIMOCK_NODE_CACHE', // where scripts/use-node.sh and .ci/image keep Node binaries
  'UNIMOCK_DEBIAN_MIRROR', // the mirror .ci/image's stand-in base image is made from
  'UNIMOCK_LOG', // the log file and process id of the shell examples in docs/any-language.md
  'UNIMOCK_PID',
  'UNIMOCK_UPDATE_GOLDEN', // the test suite's: rewrite the golden files
  'UNIMOCK_CONFORMANCE_REPORT' // the test suite's: write the conformance test's failures to a file
])

/** The Action's inputs (UNIMOCK_ACTION_PORT, _ARGS, _COMMAND, _SCENARIOS) and the bench's options. */
const TOOL_PREFIXES: readonly string[] = ['UNIMOCK_ACTION_', 'UNIMOCK_BENCH_']

export function isToolVariable (name: string): boolean {
  return TOOL_VARIABLES.has(name) || TOOL_PREFIXES.some((prefix) => name.startsWith(prefix))
}
