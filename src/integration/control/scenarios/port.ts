/**
 * How a scenario acts: through the same HTTP routes a user calls (the control API, and the unified service as
 * an integrator would), so a step does exactly what the equivalent curl does. The HTTP side implements it.
 */
export interface ScenarioCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  readonly path: string
  /** The `Authorization` header of the tenant the run acts for. */
  readonly authorization: string
  readonly accountToken?: string
  readonly body?: unknown
}

export interface ScenarioAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>
  /** Parsed JSON, or the text when the answer is not JSON. */
  readonly body: unknown
}

export interface ScenarioPort {
  call(request: ScenarioCall): Promise<ScenarioAnswer>
}
