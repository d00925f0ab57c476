import { AbstractStartedContainer, GenericContainer, Wait, type StartedTestContainer } from 'testcontainers'
import { ControlClient, type GetReportResult, type PostClockAdvanceResult } from './control-client.js'

/**
 * `unimock/testcontainers`: unimock's image as a Testcontainers module, for test suites that start their
 * dependencies as containers. `testcontainers` is an optional peer dependency: only this entry point loads it.
 *
 *   const unimock = await new UnimockContainer().withVirtualClock().withScenario('relink-needed').start()
 *   const account = await unimock.linkAccount({ category: 'hris', endUserOriginId: 'org-1' })
 *   await unimock.advanceClock('1d')
 *   await unimock.stop()
 */

/** The name `docker build -t unimock .` gives the image. */
export const DEFAULT_IMAGE = 'unimock:latest'
/** The port the image listens on (its UNIMOCK_PORT). */
export const UNIMOCK_PORT = 4010
/** A `test_` key makes TEST accounts, as a sandbox key of the real service does. */
export const DEFAULT_API_KEY = 'test_unimock'

export interface LinkAccountOptions {
  /** hris, ats, accounting, ticketing, crm, filestorage... */
  readonly category: string
  readonly endUserOriginId: string
  readonly endUserOrganizationName?: string
  readonly endUserEmailAddress?: string
  /** the integration the end user picks in the widget (a name or slug); the category's first when absent */
  readonly integration?: string
}

export interface LinkedAccount {
  readonly linkedAccountId: string
  /** what calls on the account carry as X-Account-Token */
  readonly accountToken: string
  readonly integration: string
  readonly category: string
}

export class UnimockContainer extends GenericContainer {
  readonly #apiKeys: string[] = []
  readonly #scenarios: string[] = []

  constructor (image: string = DEFAULT_IMAGE) {
    super(image)
    this.withExposedPorts(UNIMOCK_PORT)
      // The image's HEALTHCHECK is not scheduled by every engine (podman without systemd): ask the route itself.
      .withWaitStrategy(Wait.forHttp('/_unimock/health', UNIMOCK_PORT).forStatusCode(200))
      .withStartupTimeout(120_000)
  }

  /** Time moves only through advanceClock (POST /_unimock/clock/advance); `start` is its first instant. */
  withVirtualClock (start?: string): this {
    return this.withEnvironment({ UNIMOCK_CLOCK: 'virtual', ...(start === undefined ? {} : { UNIMOCK_CLOCK_START: start }) })
  }

  /** A shipped scenario by name (`relink-needed`) or a file inside the container, played at start under the API key. */
  withScenario (scenario: string): this {
    this.#scenarios.push(scenario)
    return this.withEnvironment({ UNIMOCK_SCENARIO: this.#scenarios.join(',') })
  }

  /**
   * Accept only this key (repeatable; the first is the one the helpers use and scenarios run under).
   * Without one the container accepts any key and the helpers use `test_unimock`.
   */
  withApiKey (apiKey: string): this {
    this.#apiKeys.push(apiKey)
    return this.withEnvironment({ UNIMOCK_API_KEY: this.#apiKeys.join(',') })
  }

  withSeed (seed: number): this {
    return this.withEnvironment({ UNIMOCK_SEED: String(seed) })
  }

  /** The signature key of every tenant's webhooks; by default each tenant gets a generated one. */
  withWebhookSecret (secret: string): this {
    return this.withEnvironment({ UNIMOCK_WEBHOOK_SECRET: secret })
  }

  override async start (): Promise<StartedUnimockContainer> {
    // Scenarios run under the first --api-key: without one they would run under `unimock-scenario`, a tenant
    // the helpers never see.
    if (this.#scenarios.length > 0 && this.#apiKeys.length === 0) this.withApiKey(DEFAULT_API_KEY)
    const started = await super.start()
    const apiKey = this.#apiKeys[0] ?? DEFAULT_API_KEY
    const baseUrl = `http://${started.getHost()}:${String(started.getMappedPort(UNIMOCK_PORT))}`
    const control = new ControlClient({ baseUrl, apiKey })
    const { key } = await control.getWebhooksSignatureKey()
    return new StartedUnimockContainer(started, baseUrl, apiKey, key, control)
  }
}

export class StartedUnimockContainer extends AbstractStartedContainer {
  constructor (
    started: StartedTestContainer,
    /** e.g. http://localhost:32768: the official clients' base URL is this plus /api */
    readonly baseUrl: string,
    readonly apiKey: string,
    /** HMAC-SHA256 key of X-Merge-Webhook-Signature for this API key */
    readonly webhookSignatureKey: string,
    /** the typed client of the control API (/_unimock), acting with apiKey */
    readonly control: ControlClient
  ) {
    super(started)
  }

  /**
   * The documented three-token link flow: a link token from the unified API, the end user's link completed
   * headlessly through the control API, and the single-use exchange of the public token for the account token.
   */
  async linkAccount (options: LinkAccountOptions): Promise<LinkedAccount> {
    const api = `/api/${encodeURIComponent(options.category)}/v1`
    const { link_token: linkToken } = await this.#unified('POST', `${api}/link-token`, {
      end_user_origin_id: options.endUserOriginId,
      end_user_organization_name: options.endUserOrganizationName ?? options.endUserOriginId,
      end_user_email_address: options.endUserEmailAddress ?? `it@${options.endUserOriginId}.test`
    }) as { link_token: string }
    const done = await this.control.postLinkTokensByLinkTokenComplete({ link_token: linkToken },
      { outcome: 'success', ...(options.integration === undefined ? {} : { integration: options.integration }) })
    const exchanged = await this.#unified('GET', `${api}/account-token/${encodeURIComponent(done.public_token!)}`) as
      { account_token: string, id: string, integration: { name: string } }
    return { linkedAccountId: exchanged.id, accountToken: exchanged.account_token, integration: exchanged.integration.name, category: options.category }
  }

  /** Moves this API key's virtual clock (`90s`, `24h`, `1d`, `PT1H`); everything due inside runs before it answers. */
  advanceClock (by: string): Promise<PostClockAdvanceResult> {
    return this.control.postClockAdvance({ by })
  }

  /** The integrator report: what the calls so far did against the service's guidance (GET /_unimock/report). */
  report (): Promise<GetReportResult> {
    return this.control.getReport()
  }

  async #unified (method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path} answered ${String(res.status)}: ${text.slice(0, 300)}`)
    return JSON.parse(text) as unknown
  }
}
