'use client';
/**
 * "Skip to content": the first stop for Tab on every page, past the header
 * and a team's name and sections, to the page's own `<main>` (focused, so
 * the next Tab is its first control). Every page renders one `<main>`;
 * without JavaScript the link still jumps to `#main`, the wrapper of all
 * pages in the root layout.
 */
export function SkipLink() {
  return (
    // biome-ignore lint/a11y/useValidAnchor: in-page navigation that works without JavaScript; the handler only picks a closer target.
    <a
      href="#main"
      className="skip-link"
      onClick={(event) => {
        const main = document.querySelector('main');
        if (!main) return;
        event.preventDefault();
        // Focusable from script only, not a Tab stop of its own.
        main.tabIndex = -1;
        main.focus();
      }}
    >
      Skip to content
    </a>
  );
}
