/**
 * The root layout. System fonts only (next/font/google needs the internet at
 * build time). Add providers (tRPC, React Query) around `children` here.
 */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'Active Controller Starter',
  description: 'Next.js starter: declarative tRPC/REST controllers over drizzle, and S3 file attachments.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
