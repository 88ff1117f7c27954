export { configureLogger, logger } from './logger';
export { RefusalReason } from './RefusalReason';
export { currentRequest, type RequestInfo, requestIdFrom, runWithRequest } from './requestScope';
export { routeConsoleToLogger } from './routeConsoleToLogger';
export { REDACTED, redactQueryValues, serializeError, serializeLogValue } from './serializeError';
