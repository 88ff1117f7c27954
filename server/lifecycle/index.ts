export { installShutdown, isDraining, onShutdown, shutdown, trackRequest } from './shutdown';
