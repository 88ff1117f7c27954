// demo:file (npm run demo:remove deletes this file)
/**
 * The app's API handler called in this process (no HTTP): what scenarios 3
 * and 4 measure through. Imports app modules, so load it only after the
 * environment points at the bench database and s3rver.
 */

import { createSessionRoutes } from '@/backend/sessionRoutes';
import { handler } from '@/controllers';

export interface ApiCall {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below /api, e.g. `/teams/1/campaigns`. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export function apiRequest(call: ApiCall): Request {
  const headers: Record<string, string> = { ...call.headers };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  return new Request(`http://localhost/api${call.path}`, {
    method: call.method,
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
}

export async function callApi(call: ApiCall): Promise<{ status: number; body: unknown }> {
  const response = await handler(apiRequest(call));
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A session cookie from the app's real sign-in route (dev sign-in on). */
export async function signInInProcess(email: string): Promise<string> {
  const routes = createSessionRoutes({ enabled: true, loopbackOnly: false, loopbackHostOnly: false });
  const response = await routes.POST(
    new Request('http://localhost/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    }),
  );
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`in-process sign-in as ${email} failed: ${response.status}`);
  return cookie;
}
