import type { Config } from '../../../config.js'
import { appError } from '../../../core/errors.js'
import { loadScenario, ScenarioError, validateScenario, type LoadedScenario, type ScenarioChecks } from './loader.js'
import { readScenarioFile, scenarioFiles } from './files.js'
import type { RunBody } from './schemas.js'

/**
 * Where scenarios come from (a file of the scenarios folder, an inline object, YAML text) and the checks a
 * running server adds: start-time settings (seed, data scale) must match the server's, since changing them
 * now would change what every other account sees.
 */
export class ScenarioLibrary {
  readonly #folder: string
  readonly #checks: ScenarioChecks
  readonly #config: Config

  constructor (folder: string, checks: ScenarioChecks, config: Config) {
    this.#folder = folder
    this.#checks = checks
    this.#config = config
  }

  list (): Array<{ file: string, name: string | null, description: string | null, error: string | null }> {
    return scenarioFiles(this.#folder).map((f) => {
      try {
        const { loaded } = this.load({ file: f })
        return { file: f, name: loaded.scenario.name, description: loaded.scenario.description.trim(), error: null }
      } catch (error) {
        return { file: f, name: null, description: null, error: (error as Error).message }
      }
    })
  }

  /** The scenario, and its name in messages and runs: the file (scenarios/x.yaml), the given source, or "inline". */
  load (body: RunBody): { loaded: LoadedScenario, source: string } {
    const given = [body.file, body.scenario, body.text].filter((x) => x !== undefined).length
    if (given !== 1) throw appError('SCENARIO_SOURCE')
    const { loaded, source } = this.#parse(body)
    const settings = loaded.scenario.settings
    if (settings?.seed !== undefined && settings.seed !== this.#config.seed) {
      throw appError('SCENARIO_START_SETTING', { setting: 'settings.seed', wanted: settings.seed, actual: `--seed ${this.#config.seed}`, flag: '--seed' })
    }
    if (settings?.data_scale !== undefined && settings.data_scale !== this.#config.dataScale) {
      throw appError('SCENARIO_START_SETTING', { setting: 'settings.data_scale', wanted: settings.data_scale, actual: `--data-scale ${this.#config.dataScale}`, flag: '--data-scale' })
    }
    return { loaded, source }
  }

  #parse (body: RunBody): { loaded: LoadedScenario, source: string } {
    try {
      if (body.file !== undefined) {
        const found = readScenarioFile(this.#folder, body.file)
        if (found === undefined) {
          throw appError('SCENARIO_FILE_NOT_FOUND', { file: body.file, dir: 'the scenarios folder', available: scenarioFiles(this.#folder).join(', ') || 'none' })
        }
        return { loaded: loadScenario(found.file, found.text, this.#checks), source: found.file }
      }
      const source = body.source ?? 'inline'
      if (body.text !== undefined) return { loaded: loadScenario(source, body.text, this.#checks), source }
      return { loaded: validateScenario(source, body.scenario, this.#checks), source }
    } catch (error) {
      if (error instanceof ScenarioError) throw appError('SCENARIO_INVALID', { reason: error.message })
      throw error
    }
  }
}
