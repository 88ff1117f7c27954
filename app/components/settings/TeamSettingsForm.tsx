// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * The team's settings, a singleton (`/teams/:teamId/team-settings`): GET
 * answers null until the row exists, so the form creates it with the
 * defaults first (POST, find-or-create). Saving is owner-only (the API
 * answers 403 to members): members see the form read-only. An owner made a
 * member while the form was open: the 403 refreshes the page, so the form
 * turns read-only and says why, and keeps the refusal (useRefreshOnForbidden).
 */
import { type FormEvent, useEffect, useState } from 'react';
import { TeamSettingsController, type TeamSettingsControllerRecord } from '@/controllers/browser';
import { Button } from '../Button';
import { ErrorMessage } from '../ErrorMessage';
import { FieldError, fieldErrorProps } from '../FieldError';
import { useFocusFirstInvalid } from '../useFocusFirstInvalid';
import { useRefreshOnForbidden } from '../useRefreshOnForbidden';

/** Suggestions only: any IANA zone is accepted (the model checks it). */
const COMMON_ZONES = ['UTC', 'Europe/London', 'Europe/Paris', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo'];

export function TeamSettingsForm({ teamId, isOwner }: { teamId: number; isOwner: boolean }) {
  const settings = TeamSettingsController.use({ teamId });
  const current = settings.get();
  const create = settings.findOrCreate();
  const createSettings = create.mutate;
  const missing = current.data === null;

  useEffect(() => {
    if (missing) createSettings();
  }, [missing, createSettings]);

  if (current.error || create.error) return <ErrorMessage error={current.error ?? create.error} />;
  if (!current.data) return <p className="muted">Loading settings…</p>;
  return <SettingsFields teamId={teamId} isOwner={isOwner} record={current.data} />;
}

function SettingsFields({
  teamId,
  isOwner,
  record,
}: {
  teamId: number;
  isOwner: boolean;
  record: TeamSettingsControllerRecord;
}) {
  const [timezone, setTimezone] = useState(record.timezone);
  const [weeklyDigest, setWeeklyDigest] = useState(record.weeklyDigest);
  const [brandColor, setBrandColor] = useState(record.brandColor);
  const [saved, setSaved] = useState(false);
  const update = TeamSettingsController.use({ teamId }).update({
    onSuccess: () => setSaved(true),
    onError: useRefreshOnForbidden(),
  });
  const fields = update.error?.fields;
  const form = useFocusFirstInvalid(fields);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    update.mutate({ timezone: timezone.trim(), weeklyDigest, brandColor: brandColor.trim() });
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="form card" aria-label="Team settings">
      {!isOwner && <p className="notice">Only team owners can change these settings.</p>}
      {/* Read-only for members; while a save runs only the button is unavailable (Button.tsx), so focus stays. */}
      <fieldset disabled={!isOwner} className="plain">
        <div className="field">
          <label htmlFor="settings-timezone">Time zone</label>
          <input
            id="settings-timezone"
            list="settings-timezones"
            value={timezone}
            onChange={(event) => setTimezone(event.target.value)}
            {...fieldErrorProps('settings-timezone', fields?.timezone)}
          />
          <datalist id="settings-timezones">
            {COMMON_ZONES.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <FieldError inputId="settings-timezone" messages={fields?.timezone} />
        </div>
        <div className="field">
          <label htmlFor="settings-brandColor">Brand colour</label>
          <div className="color-field">
            <input
              type="color"
              aria-label="Pick the brand colour"
              value={/^#[0-9a-f]{6}$/i.test(brandColor) ? brandColor : '#000000'}
              onChange={(event) => setBrandColor(event.target.value)}
            />
            <input
              id="settings-brandColor"
              value={brandColor}
              onChange={(event) => setBrandColor(event.target.value)}
              {...fieldErrorProps('settings-brandColor', fields?.brandColor)}
            />
          </div>
          <FieldError inputId="settings-brandColor" messages={fields?.brandColor} />
        </div>
        <div className="field checkbox">
          <input
            id="settings-weeklyDigest"
            type="checkbox"
            checked={weeklyDigest}
            onChange={(event) => setWeeklyDigest(event.target.checked)}
          />
          <label htmlFor="settings-weeklyDigest">Send a weekly digest email</label>
        </div>
        {isOwner && (
          <Button type="submit" unavailable={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save settings'}
          </Button>
        )}
      </fieldset>
      {update.error && !fields && <ErrorMessage error={update.error} />}
      <p role="status" className="notice">
        {saved && !update.isPending ? 'Settings saved.' : ''}
      </p>
    </form>
  );
}
