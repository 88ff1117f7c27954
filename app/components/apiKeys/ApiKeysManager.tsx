'use client';
/**
 * The team's API keys (owners only): create one and see its token once
 * (NewTokenNotice takes focus; Done brings it back to the name field),
 * list them with when each was last used, revoke (asked first; then it
 * says so, with focus on the table, as the row it was in is gone). A key acts as its creator
 * within this team: `Authorization: Bearer <token>` on any /api/teams/:teamId route.
 * A page left open after the user was made a member: a 403 refreshes it, and the page
 * then says only owners manage keys (useRefreshOnForbidden).
 */
import { type FormEvent, useRef, useState } from 'react';
import { APIKeyController } from '@/controllers/browser';
import { isolateText } from '@/server/client';
import { Button } from '../Button';
import { ConfirmButton } from '../ConfirmButton';
import { DataTable } from '../DataTable';
import { ErrorMessage } from '../ErrorMessage';
import { FieldError, fieldErrorProps } from '../FieldError';
import { formatDate } from '../format';
import { useFocusFirstInvalid } from '../useFocusFirstInvalid';
import { useRefreshOnForbidden } from '../useRefreshOnForbidden';
import { useRemovalNotice } from '../useRemovalNotice';
import { NewTokenNotice } from './NewTokenNotice';

export function ApiKeysManager({ teamId }: { teamId: number }) {
  const keys = APIKeyController.use({ teamId });
  const list = keys.index({ perPage: 100 });
  const [name, setName] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const refreshOnForbidden = useRefreshOnForbidden();
  const create = keys.create({
    onError: refreshOnForbidden,
    onSuccess: (key) => {
      setName('');
      // The token is in this one response only (the record type does not declare it: it is not a column).
      const token = (key as { token?: unknown }).token;
      if (typeof token === 'string') setCreated({ name: key.name, token });
    },
  });
  const revoke = keys.destroy({ onError: refreshOnForbidden });
  const removal = useRemovalNotice<HTMLTableElement>();
  const fields = create.error?.fields;
  const form = useFocusFirstInvalid(fields);

  function submit(event: FormEvent) {
    event.preventDefault();
    setCreated(null);
    removal.clear();
    create.mutate({ name });
  }

  return (
    <div className="stack">
      <form ref={form} onSubmit={submit} noValidate className="form card inline-form" aria-label="New API key">
        <div className="field">
          <label htmlFor="api-key-name">Key name</label>
          <input
            ref={nameInput}
            id="api-key-name"
            value={name}
            placeholder="e.g. Zapier"
            onChange={(event) => setName(event.target.value)}
            {...fieldErrorProps('api-key-name', fields?.name)}
          />
          <FieldError inputId="api-key-name" messages={fields?.name} />
        </div>
        <Button type="submit" unavailable={create.isPending}>
          Create key
        </Button>
        {create.error && !fields && <ErrorMessage error={create.error} />}
      </form>
      {created && (
        <NewTokenNotice
          name={created.name}
          token={created.token}
          onDismiss={() => {
            setCreated(null);
            nameInput.current?.focus();
          }}
        />
      )}
      <ErrorMessage error={list.error ?? revoke.error} />
      <p role="status" className="notice">
        {removal.message}
      </p>
      <DataTable ref={removal.target} label="API keys" columns={['Name', 'Key', 'Created', 'Last used']}>
        {list.data?.data.length === 0 && (
          <tr>
            <td colSpan={5} className="empty">
              No API keys yet.
            </td>
          </tr>
        )}
        {list.data?.data.map((key) => (
          <tr key={key.id} data-testid="api-key-row">
            <td className="user-text">{key.name}</td>
            <td>
              <code>ak_{key.prefix}_…</code>
            </td>
            <td>
              {formatDate(key.createdAt)}
              {typeof key.creator?.name === 'string' ? ` by ${isolateText(key.creator.name)}` : ''}
            </td>
            <td>{key.lastUsedAt ? formatDate(key.lastUsedAt) : 'Never'}</td>
            <td>
              <ConfirmButton
                question={`Revoke ${isolateText(key.name)}? Scripts using it get 401 from now on.`}
                confirmLabel={
                  <>
                    Yes, revoke <span className="visually-hidden">{isolateText(key.name)}</span>
                  </>
                }
                disabled={revoke.isPending}
                onConfirm={() => {
                  removal.clear();
                  revoke.mutate(key.id, { onSuccess: () => removal.announce(`Revoked ${isolateText(key.name)}.`) });
                }}
              >
                Revoke <span className="visually-hidden">{isolateText(key.name)}</span>
              </ConfirmButton>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
