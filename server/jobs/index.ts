export { defineJob, type JobDefinition, type RetryPolicy } from './defineJob';
export { type EnqueueOptions, enqueue } from './enqueue';
export { type JobsStatus, jobsStatus } from './jobsStatus';
export { PermanentJobError } from './PermanentJobError';
export {
  createJobRunner,
  currentJobRunner,
  defaultConcurrency,
  type JobRunner,
  type JobsOptions,
  type Schedule,
  startJobs,
} from './startJobs';
