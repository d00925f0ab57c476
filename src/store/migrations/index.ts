import { plantStore } from './001-plant-store.js'
import { integrationAccounts } from './002-integration-accounts.js'
import { unifiedData } from './003-unified-data.js'
import { jobs } from './004-jobs.js'
import { sync } from './005-sync.js'
import { webhooks } from './006-webhooks.js'
import { serviceFaults } from './007-service-faults.js'
import { remoteEdits } from './010-remote-edits.js'
import { typedJobs } from './011-typed-jobs.js'
import { oneOutbox } from './012-one-outbox.js'
import { settings } from './018-settings.js'
import { writtenRecords } from './021-written-records.js'
import { writePresets } from './022-write-presets.js'
import { writeBatches } from './023-write-batches.js'
import { remoteEditValues } from './024-remote-edit-values.js'
import { passthroughPresets } from './025-passthrough-presets.js'
import { crmCustomObjects } from './026-crm-custom-objects.js'
import { rawVendorApi } from './013-raw-vendor-api.js'
import { scopes } from './030-scopes.js'
import { keysAndReceivers } from './031-keys-and-receivers.js'
import { auditTrail } from './032-audit-trail.js'
import { issues } from './033-issues.js'
import { defaultScopes } from './034-default-scopes.js'
import { tenantJobs } from './035-tenant-jobs.js'
import { syncHistory } from './017-sync-history.js'
import { leanJobRows } from './036-lean-job-rows.js'
import { rawCreated } from './037-raw-created.js'
import { ekmEnabled } from './038-ekm-enabled.js'

export interface Migration {
  readonly id: number
  readonly name: string
  readonly sql: string
}

/** Applied in order, once each; append new ones, never edit a released one. */
export const migrations: readonly Migration[] = [plantStore, integrationAccounts, unifiedData, jobs, sync, webhooks, serviceFaults, remoteEdits, typedJobs, oneOutbox, rawVendorApi, syncHistory, settings, writtenRecords, writePresets, writeBatches, remoteEditValues, passthroughPresets, crmCustomObjects, scopes, keysAndReceivers, auditTrail, issues, defaultScopes, tenantJobs, leanJobRows, rawCreated, ekmEnabled]
