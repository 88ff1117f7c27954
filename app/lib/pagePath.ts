/**
 * The request header that carries the path (and query) of the page being
 * rendered, which a server component cannot read from its props. proxy.ts
 * sets it on every page request (so a client cannot choose it);
 * app/lib/requireTeam.ts reads it to send a signed-out visitor to sign in and
 * back.
 */
export const PAGE_PATH_HEADER = 'x-page-path';
