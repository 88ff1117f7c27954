/**
 * The database and storage of an e2e run (scripts/e2eServer.ts writes them
 * once they are up), for specs that start a server of their own on the same
 * services, such as e2e/standalone.spec.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const SERVICES_FILE = path.join('test-results', 'e2e-services.json');

/** `DATABASE_URL` and the `S3_*` variables of the running e2e server. */
export function readE2eServices(): Record<string, string> {
  return JSON.parse(readFileSync(SERVICES_FILE, 'utf8')) as Record<string, string>;
}
