/**
 * The framework's public surface. App code imports from '@/server' only.
 * Each subsystem keeps its own barrel; this file only re-exports them.
 */
export * from './controller';
export * from './http';
export * from './jobs';
export * from './lifecycle';
export * from './log';
export * from './model';
export * from './net';
export * from './openapi';
export * from './schema';
export * from './shared';
export * from './storage';
export * from './tracing';
