export { configureLogger, logger } from './logger';
export { currentRequest, type RequestInfo, requestIdFrom, runWithRequest } from './requestScope';
export { REDACTED, redactQueryValues, serializeError, serializeLogValue } from './serializeError';
