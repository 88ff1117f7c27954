// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * New campaign: name, budget, status. The browser does not pre-validate
 * (`noValidate`): the model's rules answer 422 with `fields`, shown beside
 * each input, so the rules live in one place (db/models/Campaign.ts).
 * "Created …" answers the last submit: typing the next campaign clears it.
 */
import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import { CampaignController } from '@/controllers/browser';
import { Button } from '../Button';
import { ErrorMessage } from '../ErrorMessage';
import { FieldError } from '../FieldError';
import { useFocusFirstInvalid } from '../useFocusFirstInvalid';
import { CampaignFields } from './CampaignFields';
import { parseBudget } from './parseBudget';

type Status = 'draft' | 'active';

export function CreateCampaignForm({ teamId }: { teamId: number }) {
  const [name, setName] = useState('');
  const [budget, setBudget] = useState('');
  const [status, setStatus] = useState<Status>('draft');
  const create = CampaignController.use({ teamId }).create({
    onSuccess: () => {
      setName('');
      setBudget('');
      setStatus('draft');
    },
  });
  const fields = create.error?.fields;
  const form = useFocusFirstInvalid(fields);
  /** A field changed: the success notice is about the previous campaign (errors stay until the next submit). */
  function edited() {
    if (create.isSuccess) create.reset();
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ name, budget: parseBudget(budget), status });
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="form grid-form" aria-label="New campaign">
      <CampaignFields
        idPrefix="new-campaign"
        name={name}
        budget={budget}
        onNameChange={(value) => {
          setName(value);
          edited();
        }}
        onBudgetChange={(value) => {
          setBudget(value);
          edited();
        }}
        fields={fields}
      />
      <div className="field">
        <label htmlFor="new-campaign-status">Status</label>
        <select
          id="new-campaign-status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as Status);
            edited();
          }}
        >
          <option value="draft">Draft</option>
          <option value="active">Active</option>
        </select>
        <FieldError inputId="new-campaign-status" messages={fields?.status} />
      </div>
      <div className="field actions">
        <Button type="submit" unavailable={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create campaign'}
        </Button>
      </div>
      {create.error && !fields && <ErrorMessage error={create.error} />}
      <p role="status" className="notice">
        {create.data && !create.error && (
          <>
            Created{' '}
            <Link href={`/teams/${teamId}/campaigns/${create.data.id}`}>
              <bdi>{create.data.name}</bdi>
            </Link>
            .
          </>
        )}
      </p>
    </form>
  );
}
