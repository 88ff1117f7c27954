'use client';
/**
 * The last resort: the root layout itself failed (app/layout.tsx), so this
 * replaces the whole document and brings its own <html>, <body>, styles and a
 * plain header. Same message as app/error.tsx (ErrorView), never Next's
 * generic "Application error" page.
 */
import { appName } from '@/appName';
import { ErrorView } from './components/errors/ErrorView';
import './globals.css';

interface Props {
  error: Error & { digest?: string };
  reset: () => void;
  retry?: () => void;
}

export default function GlobalError({ error, reset, retry }: Props) {
  return (
    <html lang="en">
      <body>
        <title>{`Something went wrong · ${appName}`}</title>
        <header className="site-header">
          {/* A full page load: the app's client router may be what failed. */}
          <a href="/" className="brand">
            {appName}
          </a>
        </header>
        <ErrorView digest={error.digest} onRetry={retry ?? reset} />
      </body>
    </html>
  );
}
