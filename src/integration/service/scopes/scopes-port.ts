/**
 * What the other domains ask of scopes (issue #15): whether a linked account may read and write a common
 * model, and which of its fields read as null. Writes refuse a disabled model with DISABLED_MODEL_WRITE;
 * reads, remote fields and field mappings leave disabled fields out (null). Model names are the bare common
 * model names of the catalogue (`Employee`), as the real service's scopes name them.
 */
export interface ScopesPort {
  /** Whether the account may read (and so sync) the model. */
  modelEnabled(accountId: string, modelName: string): boolean
  /** Whether the account may write the model. */
  writeEnabled(accountId: string, modelName: string): boolean
  /** The model's fields that read as null for the account; empty when every field is enabled. */
  disabledFields(accountId: string, modelName: string): ReadonlySet<string>
}

const NONE: ReadonlySet<string> = new Set()

/** Every model and field enabled: what an organization that never set scopes gets. */
export const ALL_ENABLED: ScopesPort = {
  modelEnabled: () => true,
  writeEnabled: () => true,
  disabledFields: () => NONE
}
