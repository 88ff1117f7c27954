export { installShutdown, isDraining, onShutdown, shutdown, trackRequest } from './shutdown';
export { trackServerRequests } from './trackServerRequests';
