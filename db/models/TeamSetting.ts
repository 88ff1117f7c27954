// demo:file (npm run demo:remove deletes this file)
/**
 * One settings row per team (a singleton resource: see
 * TeamSettingsController). Add a setting: a column in db/schema.ts with a
 * default, a rule here, and its name in the controller's `update.permit`.
 */
import { z } from 'zod';
import { Model } from '@/server';
import { teamSettings } from '../schema';

/**
 * True for an IANA zone name in its canonical spelling (`Europe/Paris`, `UTC`).
 * `Intl.supportedValuesOf('timeZone')` leaves out `UTC` and aliases, so ask
 * Intl to resolve the name instead; offsets such as `+01:00` are refused.
 */
function isIanaTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone === name;
  } catch {
    return false;
  }
}

export const DEFAULT_TEAM_SETTINGS = { timezone: 'UTC', weeklyDigest: true, brandColor: '#2563eb' } as const;

export class TeamSetting extends Model(teamSettings, {
  name: 'TeamSetting',
  validations: {
    timezone: z.string().refine(isIanaTimeZone, 'is not a valid IANA time zone (e.g. Europe/Paris)').optional(),
    brandColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex color like #2563eb')
      .optional(),
  },
}) {}
