'use client';
/** Edit a campaign's name and budget (the `update.permit` list); field errors from the 422 beside each input. */
import { type FormEvent, useEffect, useState } from 'react';
import { CampaignController } from '@/controllers/client';
import { CampaignFields } from '../campaigns/CampaignFields';
import { parseBudget } from '../campaigns/parseBudget';
import { ErrorMessage } from '../ErrorMessage';

interface Props {
  teamId: number;
  campaign: { id: number; name: string; budget: number | null; updatedAt: string };
}

export function CampaignEditForm({ teamId, campaign }: Props) {
  const [name, setName] = useState(campaign.name);
  const [budget, setBudget] = useState(campaign.budget === null ? '' : String(campaign.budget));
  const [saved, setSaved] = useState(false);
  const update = CampaignController.use({ teamId }).update({ onSuccess: () => setSaved(true) });

  // Another change (duplicate, a refetch) brought a newer version: show it.
  useEffect(() => {
    setName(campaign.name);
    setBudget(campaign.budget === null ? '' : String(campaign.budget));
  }, [campaign.name, campaign.budget]);

  const fields = update.error?.fields;
  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    update.mutate({ id: campaign.id, data: { name, budget: parseBudget(budget) } });
  }

  return (
    <section aria-labelledby="edit-heading" className="card">
      <h2 id="edit-heading">Details</h2>
      <form onSubmit={submit} noValidate className="form grid-form" aria-label="Edit campaign">
        <CampaignFields
          idPrefix="edit"
          name={name}
          budget={budget}
          onNameChange={setName}
          onBudgetChange={setBudget}
          fields={fields}
        />
        <div className="field actions">
          <button type="submit" className="button" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save changes'}
          </button>
        </div>
        {update.error && !fields && <ErrorMessage error={update.error} />}
        <p role="status" className="notice">
          {saved && !update.isPending ? 'Saved.' : ''}
        </p>
      </form>
    </section>
  );
}
