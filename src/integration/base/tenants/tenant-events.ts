/** The tenants' domain event (see integration/domain-events.ts). */
export interface TenantEvents {
  /**
   * An API key's world was deleted to make room for a new key beyond --max-tenants (its rows, jobs and clock
   * are gone already): whatever still watches that key, a dashboard's open stream, lets go of it.
   */
  'tenant:evicted': { readonly tenantId: number, readonly keyDigest: string }
}
