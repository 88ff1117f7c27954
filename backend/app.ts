/**
 * The composition root: the parts the app's backend is made of, wired in one
 * place, in order. Read it top to bottom to see what the app stands on; swap a
 * part here (another logger, another store, a mail provider's API).
 *
 *   database   db/database.ts   db(), the one query handle; registered with the
 *                               model layer when db/models loads (or at the first db())
 *   models     db/models/       every model, found on disk (models.gen.ts); their
 *                               references stay within a team (TENANT_COLUMN below)
 *   logger     backend/logger.ts
 *   storage    backend/storage.ts  (none: uploads off)
 *   mailer     backend/mailer.ts   SMTP, the log, or setMailer(provider)
 *   auth       backend/auth/auth.ts  better-auth, built on first use
 *   jobs       backend/jobs.ts   started by instrumentation or `npm run worker`
 *   API        controllers/index.ts  the controllers (found on disk) behind one handler
 *
 * Entry points call `wireApp()` before anything else: the API
 * (controllers/index.ts), the readiness check, instrumentation, the worker
 * and the scripts. Nothing else configures the framework. Why a call at each
 * entry rather than once at start-up: Next.js bundles route files, pages and
 * instrumentation separately, each with its own copy of these modules, so
 * each copy is wired when it loads; the logger and the pool that must be
 * shared across copies live on globalThis (server/log/logger.ts,
 * db/database.ts).
 */
// Loading the models registers the database with the model layer and fills the association registry.
import '@/db/models';
import { configureLogger, configureStorage, keepReferencesInTenant } from '@/server';
import { appLogger, logProcessWarnings } from './logger';
import { storageOptions } from './storage';

/**
 * The column that says which team owns a row. Rename it here if your tenant
 * column differs: the API refuses a controller over such a model without
 * `@scope` of it (controllers/index.ts), and no save may point a record's
 * reference (`campaignId`) at another tenant's row.
 */
export const TENANT_COLUMN = 'teamId';

let wired = false;

/** Wires this module copy's framework to the app's parts; safe to call again. */
export function wireApp(): void {
  if (wired) return;
  wired = true;
  keepReferencesInTenant(TENANT_COLUMN);
  const log = appLogger();
  configureLogger(log);
  logProcessWarnings(log);
  const storage = storageOptions();
  if (storage) configureStorage(storage);
}
