/**
 * Run by scripts/readmeRecipe.test.ts with tsx inside the copy the README's
 * recipe was applied to (so `@/` resolves to the copy, NoteController
 * included): seeds the demo, calls the new routes through the app's real
 * handler as the demo users, and prints the answers as one `RESULT` line.
 */
import { api, seedDemo } from '@/controllers/testClient';
import { closeDb } from '@/db/database';

const world = await seedDemo();
const notes = `/teams/${world.acme.id}/notes`;

const created = await api<{ id: number }>('POST', notes, {
  cookie: world.bob,
  body: { data: { title: 'Kick-off agenda', body: 'Budget, dates', teamId: world.globex.id } },
});
const blank = await api('POST', notes, { cookie: world.bob, body: { data: { title: ' ' } } });
const index = await api('GET', `${notes}?sort=-createdAt`, { cookie: world.bob });
const outsider = await api('GET', notes, { cookie: world.carol });
const memberDelete = await api('DELETE', `${notes}/${created.body.id}`, { cookie: world.bob });
const ownerDelete = await api('DELETE', `${notes}/${created.body.id}`, { cookie: world.alice });

const answers = { created, blank, index, outsider, memberDelete, ownerDelete };
const result = Object.fromEntries(
  Object.entries(answers).map(([name, answer]) => [name, { status: answer.status, body: answer.body }]),
);
console.log(`RESULT ${JSON.stringify({ acmeId: world.acme.id, ...result })}`);
await closeDb();
