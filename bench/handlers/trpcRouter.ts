// demo:file (npm run demo:remove deletes this file)
/**
 * Variant (d) of scenarios 1-2: a hand-written tRPC router for campaigns on
 * its own `initTRPC` instance (not the framework's), served at /api/bench/trpc by
 * a route file the bench copies into its temporary app. Procedure names and
 * inputs mirror the controller's (`teams.campaigns.index` with
 * `{teamId, page, perPage, sort}` ...), so the two take identical requests.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { z } from 'zod';
import { createData, listInput, parseData, toListQuery, updateData } from './campaignInput';
import { insertCampaign, listCampaigns, publishCampaign, showCampaign, updateCampaign } from './campaignQueries';
import { HttpError } from './httpError';
import { requireMember, sessionTokenOf } from './membership';

interface BenchContext {
  /** The session cookie's verified token (the session itself is read with the membership). */
  token: string | null;
}

const t = initTRPC.context<BenchContext>().create({ isDev: false });

const TRPC_CODES: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  422: 'UNPROCESSABLE_CONTENT',
};

/** Runs a procedure body; the queries' HttpErrors become tRPC errors. */
async function guarded<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw new TRPCError({ code: TRPC_CODES[error.status] ?? 'INTERNAL_SERVER_ERROR', message: error.message });
  }
}

const id = z.number().int().min(1).max(2_147_483_647);

/** Signed-in member of `input.teamId` (401 / 404 otherwise); one statement. */
const memberProcedure = t.procedure
  .input(z.object({ teamId: id }))
  .use(async ({ ctx, input, next }) =>
    next({ ctx: { member: await guarded(() => requireMember(ctx.token, input.teamId)) } }),
  );

const benchRouter = t.router({
  teams: t.router({
    campaigns: t.router({
      index: memberProcedure
        .input(listInput)
        .query(({ ctx, input }) => guarded(() => listCampaigns(ctx.member.teamId, toListQuery(input)))),
      get: memberProcedure
        .input(z.object({ id }))
        .query(({ ctx, input }) => guarded(() => showCampaign(ctx.member.teamId, input.id))),
      create: memberProcedure
        .input(z.object({ data: z.unknown() }))
        .mutation(({ ctx, input }) =>
          guarded(() => insertCampaign(ctx.member.teamId, ctx.member.userId, parseData(createData, input))),
        ),
      update: memberProcedure
        .input(z.object({ id, data: z.unknown() }))
        .mutation(({ ctx, input }) =>
          guarded(() => updateCampaign(ctx.member.teamId, input.id, parseData(updateData, input))),
        ),
      publish: memberProcedure
        .input(z.object({ id }))
        .mutation(({ ctx, input }) => guarded(() => publishCampaign(ctx.member.teamId, input.id))),
    }),
  }),
});

/** The fetch handler behind app/(bench)/api/bench/trpc/[trpc]/route.ts. */
export function benchTrpcHandler(request: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: '/api/bench/trpc',
    req: request,
    router: benchRouter,
    createContext: async () => ({ token: sessionTokenOf(request) }),
  });
}
