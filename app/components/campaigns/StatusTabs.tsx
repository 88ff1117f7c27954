// demo:file (npm run demo:remove deletes this file)
'use client';
/** The list's status tabs (the index `scopes`). Buttons in a tablist; the selected one has `aria-selected`. */
import { TABS, type TabId } from './listQuery';

export function StatusTabs({ tab, onTab }: { tab: TabId; onTab: (tab: TabId) => void }) {
  return (
    <div role="tablist" aria-label="Campaign status" className="tabs">
      {TABS.map((candidate) => (
        <button
          key={candidate.id}
          type="button"
          role="tab"
          className="tab"
          aria-selected={tab === candidate.id}
          onClick={() => onTab(candidate.id)}
        >
          {candidate.label}
        </button>
      ))}
    </div>
  );
}
