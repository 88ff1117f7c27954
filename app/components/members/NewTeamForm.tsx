'use client';
/** Creates a team (the caller becomes its owner), then opens it. */
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { teamHomePath } from '@/app/lib/teamHomePath';
import { TeamController } from '@/controllers/browser';
import { Button } from '../Button';
import { ErrorMessage } from '../ErrorMessage';
import { TextField } from '../TextField';
import { useFocusFirstInvalid } from '../useFocusFirstInvalid';

export function NewTeamForm() {
  const router = useRouter();
  const [name, setName] = useState('');
  const create = TeamController.use().create({
    onSuccess: (team) => {
      // The layout reads the caller's teams on the server: refresh so the new one is there.
      router.push(teamHomePath(team.id));
      router.refresh();
    },
  });
  const fields = create.error?.fields;
  const form = useFocusFirstInvalid(fields);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ name });
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="form card" aria-label="New team">
      <TextField id="team-name" label="Team name" value={name} onChange={setName} errors={fields?.name} required />
      <Button type="submit" unavailable={create.isPending}>
        Create team
      </Button>
      {create.error && !fields?.name && <ErrorMessage error={create.error} />}
    </form>
  );
}
