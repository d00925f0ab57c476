import type { Catalogue, ModelDef } from '../../base/catalogue/catalogue.js'
import type { DataService } from '../../third-party/data/service.js'
import { problem, type Validated } from './validation.js'
import type { WriteAccount } from './write-types.js'

/** job_interview_stage → JobInterviewStage. */
const pascal = (snake: string): string => snake.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')

/** The ids a write names must be live records of its own linked account: each one that is not is an error. */
export class WriteRelations {
  readonly #catalogue: Catalogue
  readonly #data: DataService

  constructor (catalogue: Catalogue, data: DataService) {
    this.#catalogue = catalogue
    this.#data = data
  }

  /** Ids in relation fields must name live records of the same account. */
  check (account: WriteAccount, model: ModelDef, v: Validated, pointer: string): Validated {
    const errors = [...v.errors]
    for (const f of model.fields) {
      if (f.shape.t !== 'ref' || f.shape.to !== 'model' || v.values[f.name] === undefined || v.values[f.name] === null) continue
      const target = this.#catalogue.byId(`${model.category}.${f.shape.target}`)
      if (target === undefined) continue
      const value = v.values[f.name]
      const ids = Array.isArray(value) ? value : [value]
      ids.forEach((id, i) => {
        if (typeof id !== 'string') return
        if (this.#data.record(account.id, target, id)?.live !== true) {
          const at = `${pointer === '' ? '' : `${pointer}/`}${f.name}${Array.isArray(value) ? `/${i}` : ''}`
          errors.push(problem(at, 'ERROR', 'Related Record Not Found', `No ${target.name} with id ${id} in this linked account.`))
        }
      })
    }
    return { ...v, errors }
  }

  /**
   * An action's ids (change-stage's job_interview_stage, an application's invoice) name records of the model the
   * field is named for; each must be live in the same account.
   */
  checkAction (account: WriteAccount, model: ModelDef, v: Validated, pointer: string): Validated {
    const errors = [...v.errors]
    for (const [name, value] of Object.entries(v.values)) {
      const target = this.#catalogue.byId(`${model.category}.${pascal(name)}`)
      if (target === undefined || typeof value !== 'string') continue
      if (this.#data.record(account.id, target, value)?.live !== true) {
        errors.push(problem(pointer === '' ? name : `${pointer}/${name}`, 'ERROR', 'Related Record Not Found', `No ${target.name} with id ${value} in this linked account.`))
      }
    }
    return { ...v, errors }
  }
}
