'use client';
/**
 * An owner's control over another member's role: the select only picks a
 * role, and "Save role" applies it. Chromium changes a closed select with
 * an arrow key, so saving on `change` would make someone an owner with one
 * stray key press, unannounced; an explicit save (as GitHub and Slack's
 * member settings do) makes the change deliberate. The table announces the
 * result (MembersTable); the button stays focused throughout (Button.tsx).
 */
import { useEffect, useState } from 'react';
import { isolateText } from '@/server/client';
import { Button } from '../Button';

export type MemberRole = 'member' | 'owner';

interface Props {
  name: string;
  role: MemberRole;
  saving: boolean;
  onSave: (role: MemberRole) => void;
}

export function MemberRoleControl({ name, role, saving, onSave }: Props) {
  const [picked, setPicked] = useState(role);
  // Saved here or changed elsewhere (a refetch): the select shows the role the member has.
  useEffect(() => setPicked(role), [role]);
  return (
    <span className="role-control">
      <select
        aria-label={`Role of ${isolateText(name)}`}
        value={picked}
        onChange={(event) => setPicked(event.target.value as MemberRole)}
      >
        <option value="member">member</option>
        <option value="owner">owner</option>
      </select>
      <Button className="button subtle" unavailable={saving || picked === role} onClick={() => onSave(picked)}>
        Save role <span className="visually-hidden">of {isolateText(name)}</span>
      </Button>
    </span>
  );
}
