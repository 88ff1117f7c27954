/**
 * What the browser does when the API answers 401 (UNAUTHORIZED) to a query or
 * mutation (app/providers.tsx hands it to makeQueryClient): the session ended
 * (signed out in another tab, expired), so the page in front of the user can
 * do nothing more. A full page load of the sign-in page that comes back here
 * afterwards (`?next=`): a full load, not a client navigation, so the site
 * header and every cached query start again as a signed-out visitor's.
 *
 * Once: a page whose queries all fail together would otherwise start one
 * navigation per query. Never from the sign-in and sign-up pages themselves,
 * so a 401 there cannot loop.
 */
import { signInPath } from './signInPath';

/** The part of `window.location` this needs (a fake one in tests). */
export interface RedirectLocation {
  pathname: string;
  search: string;
  assign(url: string): void;
}

const SIGNED_OUT_PAGES = ['/sign-in', '/sign-up'];

export function signInRedirect(location: RedirectLocation): () => void {
  let leaving = false;
  return () => {
    if (leaving || SIGNED_OUT_PAGES.includes(location.pathname)) return;
    leaving = true;
    location.assign(signInPath(location.pathname + location.search));
  };
}
