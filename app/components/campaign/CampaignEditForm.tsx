// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * Edit a campaign's name and budget (the `update.permit` list); field errors
 * from the 422 beside each input. "Saved." speaks of the version on screen:
 * it goes once the fields are edited again, or another action (publish, a
 * logo) changed the campaign since.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { CampaignController } from '@/controllers/browser';
import { Button } from '../Button';
import { CampaignFields } from '../campaigns/CampaignFields';
import { parseBudget } from '../campaigns/parseBudget';
import { ErrorMessage } from '../ErrorMessage';
import { useFocusFirstInvalid } from '../useFocusFirstInvalid';

interface Props {
  teamId: number;
  campaign: { id: number; name: string; budget: number | null; updatedAt: string };
}

export function CampaignEditForm({ teamId, campaign }: Props) {
  const [name, setName] = useState(campaign.name);
  const [budget, setBudget] = useState(campaign.budget === null ? '' : String(campaign.budget));
  const [edited, setEdited] = useState(false);
  const update = CampaignController.use({ teamId }).update({ onSuccess: () => setEdited(false) });
  // `updatedAt` of what the save returned: when the campaign on screen is another version, the notice is stale.
  const saved = update.isSuccess && !edited && update.data.updatedAt === campaign.updatedAt;

  // Another change (duplicate, a refetch) brought a newer version: show it.
  useEffect(() => {
    setName(campaign.name);
    setBudget(campaign.budget === null ? '' : String(campaign.budget));
  }, [campaign.name, campaign.budget]);

  const fields = update.error?.fields;
  const form = useFocusFirstInvalid(fields);
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ id: campaign.id, data: { name, budget: parseBudget(budget) } });
  }

  return (
    <section aria-labelledby="edit-heading" className="card">
      <h2 id="edit-heading">Details</h2>
      <form ref={form} onSubmit={submit} noValidate className="form grid-form" aria-label="Edit campaign">
        <CampaignFields
          idPrefix="edit"
          name={name}
          budget={budget}
          onNameChange={(value) => {
            setName(value);
            setEdited(true);
          }}
          onBudgetChange={(value) => {
            setBudget(value);
            setEdited(true);
          }}
          fields={fields}
        />
        <div className="field actions">
          <Button type="submit" unavailable={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
        {update.error && !fields && <ErrorMessage error={update.error} />}
        <p role="status" className="notice">
          {saved && !update.isPending ? 'Saved.' : ''}
        </p>
      </form>
    </section>
  );
}
