/**
 * The public surface: every identifier the specification names stays
 * importable from '@/server', and the internals left behind their subsystem
 * stay reachable through its own entry point.
 */
import { expect, it } from 'vitest';
import * as server from './index';
import * as net from './net';
import * as storage from './storage';

/** The specification's identifiers (decorators, base class, errors, router, storage, cleanup). */
const SPEC_IDENTIFIERS = [
  'ActiveController',
  'AssetService',
  'BadRequest',
  'Forbidden',
  'NotFound',
  'RecordNotFound',
  'Unauthorized',
  'action',
  'after',
  'before',
  'buildRouter',
  'configureStorage',
  'controller',
  'crud',
  'mergeRouters',
  'mutation',
  'rescue',
  'runAssetCleanup',
  'scope',
  'singleton',
  'toValidationError',
  'createApiHandler',
  'Model',
] as const;

it('exports every identifier of the specification', () => {
  for (const name of SPEC_IDENTIFIERS) expect(server, name).toHaveProperty(name);
});

it('leaves internals behind their subsystem, where they stay importable', () => {
  expect(server).not.toHaveProperty('STAGING_KEY_PREFIX');
  expect(storage).toHaveProperty('STAGING_KEY_PREFIX');
  expect(server).not.toHaveProperty('resolveClientAddress');
  expect(net).toHaveProperty('resolveClientAddress');
});
