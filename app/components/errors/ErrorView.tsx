/**
 * What a person sees when a page fails (app/error.tsx, app/global-error.tsx):
 * a plain sentence, a reference to quote, "Try again" and a way home.
 *
 * Never the error's message or stack: in production Next.js already replaces
 * a server error's message with a generic one, and a browser-side error's
 * message can name internals. The reference is Next's `digest`, the id it
 * prints in the server log beside the real error, so support can find it.
 * Change the wording here; both error pages share it.
 */
export interface ErrorViewProps {
  /** Next's `error.digest`: set for errors thrown on the server, absent for browser-side ones. */
  digest?: string | undefined;
  onRetry: () => void;
}

export function ErrorView({ digest, onRetry }: ErrorViewProps) {
  return (
    <main className="page narrow" data-testid="error-view">
      <section className="card" aria-labelledby="error-heading">
        <h1 id="error-heading">Something went wrong</h1>
        <p className="muted">
          This page could not be shown. It is probably a passing problem: try again in a moment. If it keeps happening,
          send us the reference below.
        </p>
        {digest && (
          <p className="small muted">
            Reference: <code data-testid="error-reference">{digest}</code>
          </p>
        )}
        <div className="toolbar">
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
          {/* A full page load, not a client navigation: it starts over from a clean state. */}
          <a href="/" className="button subtle">
            Go to the home page
          </a>
        </div>
      </section>
    </main>
  );
}
