/**
 * `/manifest.webmanifest`: the name, colours and icon a browser uses when the
 * app is installed or pinned. The name is appName.ts's; change the short
 * name and colours here, and the icon in app/icon.svg.
 */
import type { MetadataRoute } from 'next';
import { appName } from '@/appName';

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: appName,
    short_name: 'Starter',
    description: 'Next.js starter: declarative tRPC/REST controllers over drizzle, and S3 file attachments.',
    start_url: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#2457d6',
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/favicon.ico', sizes: '16x16 32x32', type: 'image/x-icon' },
    ],
  };
}
