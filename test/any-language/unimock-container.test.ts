import t from 'tap'
import { getContainerRuntimeClient, ImageName, type ContainerRuntimeClient } from 'testcontainers'
import { UnimockContainer, DEFAULT_IMAGE, type StartedUnimockContainer } from '../../src/testcontainers.js'

/**
 * unimock/testcontainers against a real container engine: the image started with a virtual clock and a shipped
 * scenario, the documented link flow through the helpers, the clock, a data page and the integrator report.
 *
 * It needs a Docker API (DOCKER_HOST, or the engine's default socket) and the image (UNIMOCK_IMAGE, default
 * unimock:latest). .ci/image runs it against podman's Docker API once the image is built
 * (`podman system service`, TESTCONTAINERS_RYUK_DISABLED=true); elsewhere it is skipped, saying why.
 */

const image = process.env.UNIMOCK_IMAGE ?? DEFAULT_IMAGE

async function unavailable (): Promise<string | undefined> {
  let client: ContainerRuntimeClient
  try {
    client = await getContainerRuntimeClient()
  } catch (err) {
    return `no Docker API reachable (${(err as Error).message.split('\n')[0]!}); set DOCKER_HOST, or run bash .ci/image, which runs this test against podman`
  }
  if (!await client.image.exists(ImageName.fromString(image))) {
    return `the image ${image} is not in the engine: build it (docker build -t unimock .) or set UNIMOCK_IMAGE`
  }
  return undefined
}

const why = await unavailable()
if (why !== undefined) {
  t.skip(`unimock/testcontainers: ${why}`, async () => {})
} else {
  let unimock: StartedUnimockContainer
  t.before(async () => {
    unimock = await new UnimockContainer(image).withVirtualClock().withScenario('relink-needed').withWebhookSecret('whsec_ci').start()
  })
  t.teardown(async () => { await unimock?.stop() })

  t.test('start() answers the base URL, the API key and the webhook signature key', async (t) => {
    t.match(unimock.baseUrl, /^http:\/\/[^/]+:\d+$/)
    const health = await fetch(`${unimock.baseUrl}/_unimock/health`)
    t.equal(health.status, 200, 'GET /_unimock/health on the mapped port')
    t.equal(unimock.apiKey, 'test_unimock')
    t.equal(unimock.webhookSignatureKey, 'whsec_ci', 'the key the server signs with (GET /_unimock/webhooks/signature-key)')
    const clock = await unimock.control.getClock()
    // relink-needed plays two hours of the key's own clock before the server answers.
    t.same([clock.mode, clock.now], ['virtual', '2026-01-01T02:00:00.000Z'], 'the virtual clock, at the end of the scenario')
  })

  t.test('withScenario: the shipped scenario played at start, under the API key', async (t) => {
    const { runs } = await unimock.control.getScenarios()
    t.same(runs.map((r) => [r.name, r.state]), [['relink-needed', 'passed']])
  })

  t.test('linkAccount, advanceClock and report: the link flow, a day later a data page, the report', async (t) => {
    const account = await unimock.linkAccount({ category: 'hris', endUserOriginId: 'org-tc', endUserOrganizationName: 'Acme' })
    t.match(account, { linkedAccountId: String, accountToken: String, integration: String, category: 'hris' })
    const headers = { authorization: `Bearer ${unimock.apiKey}`, 'x-account-token': account.accountToken }
    const details = await (await fetch(`${unimock.baseUrl}/api/hris/v1/account-details`, { headers })).json() as { status: string, account_type: string }
    t.same([details.status, details.account_type], ['COMPLETE', 'TEST'])

    t.same(await unimock.advanceClock('1d'), { now: '2026-01-02T02:00:00.000Z' })
    const res = await fetch(`${unimock.baseUrl}/api/hris/v1/employees?page_size=150`, { headers })
    const page = await res.json() as { results: unknown[] }
    t.equal(res.status, 200)
    t.ok(page.results.length > 0, `a page of employees after the initial sync (${String(page.results.length)})`)

    const report = await unimock.report()
    t.ok(report.findings.some((f) => f.code === 'page_size_over_max'), 'the report finds the page_size over 100')
  })
}
