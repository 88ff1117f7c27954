/**
 * The framework's public surface. App code imports from '@/server' only.
 * Each subsystem keeps its own barrel; this file only re-exports them.
 */
export * from './controller';
export * from './http';
export * from './model';
export * from './openapi';
export * from './storage';
