/**
 * The test processes of `npm test`: each group runs every test file directly in the listed folders of test/
 * (see runGroup in test/helpers/group.ts). Every folder with test files is in exactly one group
 * (test/architecture/test-groups.test.ts).
 *
 * tap starts the groups in name order, two at a time. The longest start first: the conformance kit run
 * against the reference integrator and its broken variants (backends: nine and a half to ten and a half minutes, two kit runs
 * at a time), the link widget's browser tests and the tests that spawn processes, then the kit's page checks
 * in Chromium (conform-pages: six to six and a half minutes, apart from backends since together they came to tap's
 * 900 s limit for one file); the others are of similar size, so neither core is left with a long tail.
 */
export const GROUPS = {
  backends: ['conform', 'examples'],
  browser: ['integration/widget'],
  cli: ['cli', 'readme', 'package', 'any-language'],
  'conform-pages': ['conform/page'],
  data: ['integration/data'],
  http: ['http', 'architecture', 'core', 'golden', 'integration/faults'],
  integration: ['integration', 'integration/available-actions', 'integration/logs'],
  journal: ['integration/journal', 'integration/scopes', 'integration/report', 'integration/conformance', 'dashboard'],
  'plant-store': ['plant-store', 'server-control'],
  sync: ['integration/sync', 'integration/scenarios', 'jobs', 'store'],
  webhooks: ['integration/remote', 'integration/webhooks'],
  writes: ['integration/writes']
} as const satisfies Record<string, readonly string[]>
