import { describe, expect, it } from 'vitest';
import { signInPath } from './signInPath';

describe('signInPath', () => {
  it('names the page to come back to, encoded', () => {
    expect(signInPath('/teams/new')).toBe('/sign-in?next=%2Fteams%2Fnew');
    expect(signInPath('/teams/1/members?page=2')).toBe('/sign-in?next=%2Fteams%2F1%2Fmembers%3Fpage%3D2');
  });

  it('drops what is not a path on this site', () => {
    expect(signInPath('//evil.example/x')).toBe('/sign-in');
    expect(signInPath('/\\evil.example')).toBe('/sign-in');
    expect(signInPath('https://evil.example')).toBe('/sign-in');
    expect(signInPath(null)).toBe('/sign-in');
  });
});
