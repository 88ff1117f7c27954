// demo:file (npm run demo:remove deletes this file)
/** A real session cookie, from the app's own dev sign-in (POST /api/session). */
export async function signInOverHttp(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()} (AUTH_DEV_LOGIN?)`);
  }
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('POST /api/session set no cookie');
  return cookie;
}
