export { installShutdown, isDraining, onShutdown, resetShutdownForTests, shutdown, trackRequest } from './shutdown';
