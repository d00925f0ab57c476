import { Type } from '@sinclair/typebox'
import { Nullable } from '../../base/dialect/schemas.js'

const Permission = Type.Object({ is_enabled: Type.Boolean() })

/** One model's scopes as every scopes route answers them: both permissions and both field lists, always. */
export const ModelScope = Type.Object({
  model_name: Type.String({ description: 'the bare common model name, e.g. Employee' }),
  model_permissions: Type.Object({ READ: Permission, WRITE: Permission }),
  field_permissions: Type.Object({ enabled_fields: Type.Array(Type.String()), disabled_fields: Type.Array(Type.String()) })
})

/** `CommonModelScopeAPI`: every common model of the category. */
export const CommonModelScopes = Type.Object({ common_models: Type.Array(ModelScope) }, { title: 'unified.CommonModelScopeAPI' })

/** POST linked-account-scopes: the models to change; anything not named keeps its current scopes. */
export const ScopesBody = Type.Object({
  common_models: Type.Array(Type.Object({
    model_name: Type.String({ minLength: 1 }),
    model_permissions: Type.Optional(Nullable(Type.Record(Type.String(), Type.Object({ is_enabled: Type.Optional(Nullable(Type.Boolean())) })))),
    field_permissions: Type.Optional(Nullable(Type.Object({
      enabled_fields: Type.Optional(Nullable(Type.Array(Type.String()))),
      disabled_fields: Type.Optional(Nullable(Type.Array(Type.String())))
    })))
  }))
})
