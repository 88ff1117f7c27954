/**
 * The browser's React Query client: a 401 from any query or mutation reaches
 * the app's `onUnauthorized` (which sends the user to sign in); other
 * failures do not.
 */
import { describe, expect, it, vi } from 'vitest';
import { ClientError } from './ClientError';
import { makeQueryClient } from './queryClient';

const unauthorized = () => new ClientError('UNAUTHORIZED', 'Authentication required', undefined, 401);
const forbidden = () => new ClientError('FORBIDDEN', 'Only team owners can do this', undefined, 403);

function failingQuery(client: ReturnType<typeof makeQueryClient>, error: Error) {
  return client.fetchQuery({
    queryKey: ['failing', error.message],
    queryFn: () => Promise.reject(error),
    retry: false,
  });
}

function failingMutation(client: ReturnType<typeof makeQueryClient>, error: Error) {
  return client
    .getMutationCache()
    .build(client, { mutationFn: () => Promise.reject(error) })
    .execute(undefined);
}

describe('makeQueryClient', () => {
  it('tells the app when a query is answered 401', async () => {
    const onUnauthorized = vi.fn();
    const client = makeQueryClient({ onUnauthorized });
    await expect(failingQuery(client, unauthorized())).rejects.toThrow('Authentication required');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('tells the app when a mutation is answered 401', async () => {
    const onUnauthorized = vi.fn();
    const client = makeQueryClient({ onUnauthorized });
    await expect(failingMutation(client, unauthorized())).rejects.toThrow('Authentication required');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves other failures to the page', async () => {
    const onUnauthorized = vi.fn();
    const client = makeQueryClient({ onUnauthorized });
    await expect(failingQuery(client, forbidden())).rejects.toThrow();
    await expect(failingMutation(client, forbidden())).rejects.toThrow();
    await expect(failingQuery(client, new Error('offline'))).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('works without the callback (server prefetches)', async () => {
    await expect(failingQuery(makeQueryClient(), unauthorized())).rejects.toThrow('Authentication required');
  });
});
