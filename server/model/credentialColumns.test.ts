import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { looksLikeCredential } from './credentialColumns';
import { Model } from './Model';

const hooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  signingSecret: text('signing_secret').notNull(),
  publicToken: text('public_token'),
  tokenExpiresAt: timestamp('token_expires_at'),
});

describe('credential columns', () => {
  it('are told by the last word of the attribute name', () => {
    for (const name of [
      'password',
      'passwordHash',
      'accessToken',
      'idToken',
      'secret',
      'signingSecret',
      'salt',
      'apiKey',
      'stripeApiKey',
      'privateKey',
      'awsSecretAccessKey',
      'webhookSigningKey',
    ]) {
      expect(looksLikeCredential(name), name).toBe(true);
    }
    for (const name of [
      'weeklyDigest',
      'tokenExpiresAt',
      'hashtag',
      'secretary',
      'tokens',
      'name',
      'keyPrefix',
      'passwordChangedAt',
      'stagingKey',
      'sortKey',
      'publicKey',
    ]) {
      expect(looksLikeCredential(name), name).toBe(false);
    }
  });

  it('must be hidden or exposed on purpose, else declaring the model fails naming the column', () => {
    expect(() => Model(hooks, { name: 'Webhook' })).toThrow(
      /Model Webhook: "signingSecret" looks like a credential.*add it to `hidden`, or to `exposed`/,
    );
    expect(() => Model(hooks, { name: 'Webhook', hidden: ['signingSecret'] })).toThrow(/"publicToken"/);
    const Webhook = Model(hooks, { name: 'Webhook', hidden: ['signingSecret'], exposed: ['publicToken'] });
    expect(Webhook.attributeNames).toContain('publicToken');
    expect(() => Model(hooks, { name: 'Webhook', hidden: ['signingSecret'], exposed: ['nope' as 'url'] })).toThrow(
      /exposed attribute "nope" is not a column/,
    );
  });
});
