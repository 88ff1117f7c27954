/**
 * `/robots.txt`: search engines may index the public pages (home, sign-in,
 * sign-up); everything behind a sign-in, and the API, is left out. Edit the
 * lists when you add public pages (a pricing page, a blog).
 */
import type { MetadataRoute } from 'next';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', '/teams/', '/account', '/invitations/', '/reset-password'],
    },
  };
}
