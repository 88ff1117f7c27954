/**
 * Calls one tRPC batch request may carry. The server refuses a larger batch
 * whole (one request must not fan out into thousands of calls), so every
 * client link sets `maxItems` to it: httpBatchLink's default is Infinity, and
 * a page that asks for more in one tick would otherwise fail every call.
 */
export const MAX_BATCH_SIZE = 50;
