/**
 * What operators ask of the jobs (`npm run jobs`, /api/ready): per queue the
 * jobs by state, the latest failures with their error, and the next run of
 * each schedule. Read from pg-boss's tables; archived jobs (completed ones
 * after a while) are not counted.
 */
import cronParser from 'cron-parser';
import { type JobDb, modelJobDb } from './transactionDb';

export interface QueueStatus {
  name: string;
  /** Jobs by state: created, retry, active, completed, cancelled, failed. */
  counts: Record<string, number>;
}

export interface FailedJob {
  queue: string;
  id: string;
  failedAt: string | null;
  attempts: number;
  error: string;
}

export interface ScheduleStatus {
  queue: string;
  cron: string;
  timezone: string;
  nextRunAt: string;
}

export interface JobsStatus {
  queues: QueueStatus[];
  failures: FailedJob[];
  schedules: ScheduleStatus[];
}

/** Read through `database` (default: the model layer's connection; a runner's `boss.getDb()` works too). */
export async function jobsStatus(
  options: { database?: JobDb; schema?: string; failures?: number } = {},
): Promise<JobsStatus> {
  const schema = options.schema ?? 'pgboss';
  const database = options.database ?? modelJobDb;
  const [queues, counts, failures, schedules] = await Promise.all([
    database.executeSql(`select name from ${schema}.queue order by name`, []),
    database.executeSql(`select name, state, count(*)::int as n from ${schema}.job group by name, state`, []),
    database.executeSql(
      `select name, id, completed_on, retry_count, output from ${schema}.job
       where state = 'failed' order by completed_on desc nulls last limit $1`,
      [options.failures ?? 10],
    ),
    database.executeSql(`select name, cron, timezone from ${schema}.schedule order by name`, []),
  ]);
  const byQueue = new Map<string, Record<string, number>>();
  for (const row of queues.rows as { name: string }[]) byQueue.set(row.name, {});
  for (const row of counts.rows as { name: string; state: string; n: number }[]) {
    byQueue.set(row.name, { ...byQueue.get(row.name), [row.state]: row.n });
  }
  return {
    queues: [...byQueue].map(([name, stateCounts]) => ({ name, counts: stateCounts })),
    failures: (
      failures.rows as { name: string; id: string; completed_on: Date | null; retry_count: number; output: unknown }[]
    ).map((row) => ({
      queue: row.name,
      id: row.id,
      failedAt: row.completed_on ? new Date(row.completed_on).toISOString() : null,
      attempts: row.retry_count + 1,
      error: errorText(row.output),
    })),
    schedules: (schedules.rows as { name: string; cron: string; timezone: string | null }[]).map((row) => {
      const timezone = row.timezone ?? 'UTC';
      return {
        queue: row.name,
        cron: row.cron,
        timezone,
        nextRunAt: cronParser.parseExpression(row.cron, { tz: timezone }).next().toDate().toISOString(),
      };
    }),
  };
}

/** pg-boss stores a failed handler's error (serialised) as the job's output. */
function errorText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output)
    return String((output as { message: unknown }).message);
  return output === null || output === undefined ? '' : JSON.stringify(output);
}
