/**
 * The users db/demoSeed.ts creates, offered as one-click sign-ins. Delete
 * this list (and the buttons in SignInForm) when you add a real sign-in.
 */
export const DEMO_USERS = [
  { email: 'alice@example.com', name: 'Alice', note: 'owner of Acme' },
  { email: 'bob@example.com', name: 'Bob', note: 'member of Acme (no owner rights)' },
  { email: 'carol@example.com', name: 'Carol', note: 'owner of Globex' },
] as const;
