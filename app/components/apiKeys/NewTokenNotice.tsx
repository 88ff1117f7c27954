'use client';
/**
 * A new key's token, shown once: copy it now, it cannot be shown again. It
 * takes focus when it appears (a region named by its heading, read out
 * there), so the one chance to copy the token is where the keyboard is;
 * Done hands focus back to the manager (`onDismiss`), as this panel goes.
 */
import { useEffect, useRef, useState } from 'react';

export function NewTokenNotice({ name, token, onDismiss }: { name: string; token: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  return (
    <section ref={panel} tabIndex={-1} aria-labelledby="new-token-heading" className="card callout">
      <h2 id="new-token-heading">API key “{name}” created</h2>
      <p>Copy the token now: it is shown only once and cannot be recovered.</p>
      <div className="token-row">
        <code data-testid="new-token" className="token">
          {token}
        </code>
        <button
          type="button"
          className="button subtle"
          onClick={() => {
            void navigator.clipboard?.writeText(token).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="button subtle" onClick={onDismiss}>
          Done
        </button>
      </div>
    </section>
  );
}
