/**
 * The root layout: the site header and the providers the typed clients'
 * hooks need (app/providers.tsx). System fonts only (next/font/google needs
 * the internet at build time). The name comes from appName.ts; a page's own
 * title (`metadata.title`: 'Members') reads "Members · <name>" through the
 * template. Change the description here.
 */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { appName } from '@/appName';
import { SiteHeader } from './components/SiteHeader';
import { SkipLink } from './components/SkipLink';
import { Providers } from './providers';
import './globals.css';

export const metadata: Metadata = {
  title: { default: appName, template: `%s · ${appName}` },
  description: 'Next.js starter: declarative tRPC/REST controllers over drizzle, and S3 file attachments.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SkipLink />
        <SiteHeader />
        <Providers>
          <div id="main">{children}</div>
        </Providers>
      </body>
    </html>
  );
}
