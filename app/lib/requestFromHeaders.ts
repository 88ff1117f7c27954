/**
 * The incoming request as a `Request`, for server components and server
 * actions that call the session and context helpers of controllers/ (they
 * take a `Request`: its cookie, its Authorization header, and whether it came
 * over https for the cookie's `secure` flag).
 */
import 'server-only';
import { headers } from 'next/headers';

export async function requestFromHeaders(): Promise<Request> {
  const incoming = await headers();
  const host = incoming.get('x-forwarded-host') ?? incoming.get('host') ?? 'localhost';
  const proto = incoming.get('x-forwarded-proto')?.split(',')[0]?.trim() || 'http';
  return new Request(`${proto}://${host}/`, { headers: new Headers(incoming) });
}
