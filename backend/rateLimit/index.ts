/** The app's rate limits and the client-IP rule they key on (rateLimits.ts, clientIp.ts; docs/rate-limits.md). */
export { clientAddress, clientIp, isLoopbackAddress, normalizeIp, UNKNOWN_IP } from './clientIp';
export {
  assertNotBlocked,
  clearAccountFailures,
  clearFailures,
  createLimiter,
  forgiveAttempt,
  type GuardKeys,
  type GuardName,
  type LimitName,
  type RateLimitRule,
  RULES,
  rateLimit,
  recordFailure,
  storedKey,
  sweepExpiredRateLimits,
  withinLimit,
} from './rateLimits';
