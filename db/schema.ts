/**
 * The app's database schema (drizzle). Edit this file, then run
 * `npm run db:generate` to write a migration into db/migrations/.
 *
 * The attachment tables belong to the framework; they are re-exported here so
 * drizzle-kit creates them with the app's own migrations.
 */
export { serviceAssets, serviceAttachments } from '@/server/storage/tables';
