/**
 * The app's typed controller clients, for pages and client components:
 *
 *   import { CampaignController } from '@/controllers/client';
 *   const campaigns = CampaignController.use({ teamId });        // React hooks
 *   const { data } = campaigns.index({ page: 2, sort: '-createdAt' });
 *   const publish = campaigns.mutatePublish();                    // publish.mutate(id)
 *   await CampaignController.with({ teamId }).indexStats();       // plain async call
 *
 * Names, inputs and outputs come from controllers/client.gen.ts (`npm run gen`).
 * Added a controller? List it in controllers/index.ts, run `npm run gen`, and
 * export it below. Browser-safe: no server code is imported (types only).
 * Server components use controllers/server.ts instead (same names, no HTTP).
 */
import { createControllerClients } from '@/server/client';
import { type ClientApis, manifest } from './client.gen';

/** The models' attachment slots as declared (`Campaign.logo` ...): the upload hook checks files against them. */
export { attachmentSlots } from './client.gen';

const clients = createControllerClients<ClientApis>(manifest);

// One line per controller: adding or removing one is a one-line change.
export const { APIKeyController } = clients;
export const { CampaignController } = clients;
export const { PostController } = clients;
export const { TeamSettingsController } = clients;
export const { UploadController } = clients;
export const { TeamController } = clients;
export const { MemberController } = clients;
export const { InvitationController } = clients;
export const { InvitationAcceptanceController } = clients;

export { ClientError, type ClientErrorCode, configureClient, isClientError } from '@/server/client';
export type {
  APIKeyControllerRecord,
  CampaignControllerRecord,
  InvitationControllerRecord,
  MemberControllerRecord,
  PostControllerRecord,
  TeamControllerRecord,
  TeamSettingsControllerRecord,
} from './client.gen';
