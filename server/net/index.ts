/**
 * Who is at the other end of the connection: the client address and the
 * forwarded headers the app may believe (docs/security.md, "Trust model").
 * Its own entry point so env.ts can parse TRUST_PROXY without loading the
 * HTTP adapters.
 */
export {
  forwardingVerified,
  parseTrustProxy,
  plainAddress,
  resolveClientAddress,
  type TrustProxy,
  trustForwardedHeaders,
} from './trustProxy';
