// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * The list's status filter (the index `scopes`), drawn as tabs. They are
 * toggle buttons in a fieldset (a group named by its legend), the chosen one `aria-pressed`, not ARIA
 * tabs: a tab owns a tabpanel and moves with the arrow keys, while these
 * filter one list and change the URL, like the search box beside them. So
 * each is a stop for Tab and Enter/Space picks it, as any button.
 */
import { TABS, type TabId } from './listQuery';

export function StatusTabs({ tab, onTab }: { tab: TabId; onTab: (tab: TabId) => void }) {
  return (
    <fieldset className="tabs">
      <legend className="visually-hidden">Campaign status</legend>
      {TABS.map((candidate) => (
        <button
          key={candidate.id}
          type="button"
          className="tab"
          aria-pressed={tab === candidate.id}
          onClick={() => onTab(candidate.id)}
        >
          {candidate.label}
        </button>
      ))}
    </fieldset>
  );
}
