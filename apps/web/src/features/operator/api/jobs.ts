import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiAnswer } from '../../../lib/api/typed-client';

export const JOB_STATES = ['queued', 'running', 'failed', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

export type OpsJobList = ApiAnswer<'get', 'ops/jobs'>;

export type OpsJob = OpsJobList['jobs'][number];

export const jobKeys = {
  all: ['operator', 'jobs'] as const,
  list: (state: JobState | 'all') => [...jobKeys.all, state] as const,
};

/** The queue's jobs (at most 200), optionally of one state, with the counts of every state. */
export function getJobs(state: JobState | 'all'): Promise<OpsJobList> {
  return apiGet('ops/jobs', { query: { limit: 200, state: state === 'all' ? undefined : state } });
}

/** Refreshed every 5 seconds while shown: jobs come and go by themselves. */
export function useJobsQuery(state: JobState | 'all', enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: jobKeys.list(state), queryFn: () => getJobs(state) }),
    enabled,
    refetchInterval: 5_000,
  });
}

/** Runs a failed or dead job again now. */
export function retryJob(jobId: string): Promise<ApiAnswer<'post', 'ops/jobs/{id}/retry'>> {
  return apiPost('ops/jobs/{id}/retry', { params: { id: jobId } });
}
