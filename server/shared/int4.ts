/**
 * PostgreSQL `integer` (int4), the type of every id, of `service_assets.byte_size`
 * and of the page number the index accepts. Ids and page numbers above it
 * cannot exist, so parsers answer 400 (or "not found") without a query.
 */
export const MAX_INT4 = 2_147_483_647;
export const MIN_INT4 = -2_147_483_648;
