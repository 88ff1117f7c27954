// demo:file (npm run demo:remove deletes this file)
// Copied by the bench into its temporary app as app/(bench)/api/bench/trpc/[trpc]/route.ts.
import { benchTrpcHandler } from '@/bench/handlers/trpcRouter';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export { benchTrpcHandler as GET, benchTrpcHandler as POST };
