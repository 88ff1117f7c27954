import { describe, expect, it } from 'vitest';
import { type RedirectLocation, signInRedirect } from './signInRedirect';

function fakeLocation(pathname: string, search = ''): RedirectLocation & { assigned: string[] } {
  const assigned: string[] = [];
  return { pathname, search, assigned, assign: (url) => assigned.push(url) };
}

describe('signInRedirect', () => {
  it('goes to sign in, naming this page (path and query) to come back to', () => {
    const location = fakeLocation('/teams/3/members', '?page=2');
    signInRedirect(location)();
    expect(location.assigned).toEqual(['/sign-in?next=%2Fteams%2F3%2Fmembers%3Fpage%3D2']);
  });

  it('goes once, however many requests answer 401', () => {
    const location = fakeLocation('/teams/new');
    const redirect = signInRedirect(location);
    redirect();
    redirect();
    redirect();
    expect(location.assigned).toEqual(['/sign-in?next=%2Fteams%2Fnew']);
  });

  it('stays on the sign-in and sign-up pages, so a 401 there cannot loop', () => {
    for (const page of ['/sign-in', '/sign-up']) {
      const location = fakeLocation(page, '?next=%2Fteams%2Fnew');
      signInRedirect(location)();
      expect(location.assigned).toEqual([]);
    }
  });
});
