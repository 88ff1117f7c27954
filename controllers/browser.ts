/**
 * The app's typed controller clients, for pages and client components:
 *
 *   import { MemberController } from '@/controllers/browser';
 *   const members = MemberController.use({ teamId });            // React hooks
 *   const { data } = members.index({ page: 2, sort: '-createdAt' });
 *   const leave = members.mutateLeave();                          // leave.mutate()
 *   await MemberController.with({ teamId }).get(id);              // plain async call
 *
 * Names, inputs and outputs come from controllers/client.gen.ts, and the one
 * export per controller from controllers/browserClients.gen.ts (`npm run gen`
 * writes both from the controllers: adding one needs no line here).
 * Browser-safe: no server code is imported (types only). Server components
 * use controllers/serverComponents.ts instead (same names, no HTTP).
 */

export { ClientError, type ClientErrorCode, configureClient, isClientError } from '@/server/client';
export * from './browserClients.gen';
/** The models' attachment slots as declared (`<Model>.<slot>`): the upload hook checks files against them. */
export { attachmentSlots } from './client.gen';
