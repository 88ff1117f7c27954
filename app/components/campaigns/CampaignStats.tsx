// demo:file (npm run demo:remove deletes this file)
'use client';
/** Cards with the team's counts by status and total budget (`GET .../campaigns/stats`). */
import { CampaignController } from '@/controllers/browser';
import { formatBudget, formatNumber } from '../format';

export function CampaignStats({ teamId }: { teamId: number }) {
  const { data } = CampaignController.use({ teamId }).indexStats();
  const cards = [
    { label: 'Campaigns', value: data ? formatNumber(data.total) : '…' },
    { label: 'Draft', value: data ? formatNumber(data.byStatus.draft) : '…' },
    { label: 'Active', value: data ? formatNumber(data.byStatus.active) : '…' },
    { label: 'Archived', value: data ? formatNumber(data.byStatus.archived) : '…' },
    { label: 'Total budget', value: data ? formatBudget(data.totalBudget) : '…' },
  ];
  return (
    <section aria-label="Campaign statistics" className="stats">
      {cards.map((card) => (
        <div key={card.label} className="stat">
          <span className="stat-label">{card.label}</span>
          <span className="stat-value" data-testid={`stat-${card.label.toLowerCase().replace(/ /g, '-')}`}>
            {card.value}
          </span>
        </div>
      ))}
    </section>
  );
}
