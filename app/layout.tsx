/**
 * The root layout: the site header and the providers the typed clients'
 * hooks need (app/providers.tsx). System fonts only (next/font/google needs
 * the internet at build time). Change the title and description here.
 */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { SiteHeader } from './components/SiteHeader';
import { Providers } from './providers';
import './globals.css';

export const metadata: Metadata = {
  title: 'Active Controller Starter',
  description: 'Next.js starter: declarative tRPC/REST controllers over drizzle, and S3 file attachments.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader />
        <Providers>
          <div id="main">{children}</div>
        </Providers>
      </body>
    </html>
  );
}
