import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompanyTime } from '@app/domain';
import { isApiError } from '../../../lib/api-client';
import { companyTimeZone } from '../../../lib/company-clock';
import { localeOf, useLanguage } from '../../../lib/i18n/i18n';
import {
  JOB_STATES,
  jobKeys,
  retryJob,
  useJobsQuery,
  type JobState,
  type OpsJob,
} from '../api/jobs';
import { LoadError } from '../../../components/load-error';
import { SmallTable } from '../../../components/small-table';
import { AppDialog } from '../../../components/app-dialog';

const STATE_COLOR = {
  queued: 'default',
  running: 'info',
  failed: 'warning',
  dead: 'error',
} as const;

/**
 * The back office's view of the job queue: counts by state, the jobs of the chosen state,
 * and a retry (after a confirmation) for failed and dead ones.
 */
export function JobsPanel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [state, setState] = useState<JobState | 'all'>('all');
  const [confirming, setConfirming] = useState<OpsJob | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(
    null,
  );
  const jobsQuery = useJobsQuery(state, true);
  const retry = useMutation({
    mutationFn: (job: OpsJob) => retryJob(job.sJobId),
    onSuccess: (_answer, job) => {
      setNotice({ severity: 'success', text: t('operator.jobs.retried', { type: job.sType }) });
    },
    onError: (error) => {
      const message = isApiError(error) ? error.message : String(error);
      setNotice({ severity: 'error', text: t('operator.jobs.retryFailed', { message }) });
    },
    onSettled: () => {
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
  // On the company clock, its zone named, as every other time of the app.
  const dateTime = {
    format: (at: Date) =>
      formatCompanyTime(
        at,
        localeOf(language),
        { dateStyle: 'medium', timeStyle: 'medium' },
        companyTimeZone(),
      ),
  };
  const counts = jobsQuery.data?.counts;
  const total = counts ? JOB_STATES.reduce((sum, key) => sum + counts[key], 0) : 0;
  const jobs = jobsQuery.data?.jobs ?? [];

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('operator.jobs.intro')}
        {jobsQuery.data && <> {t('operator.jobs.runner', { runner: jobsQuery.data.sRunner })}</>}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={state}
        onChange={(_event, value: JobState | 'all' | null) => value && setState(value)}
        aria-label={t('operator.jobs.filterLabel')}
        sx={{ flexWrap: 'wrap' }}
      >
        <ToggleButton value="all">{t('operator.jobs.all', { count: total })}</ToggleButton>
        {JOB_STATES.map((key) => (
          <ToggleButton key={key} value={key}>
            {t('operator.jobs.stateCount', {
              state: t(`operator.jobs.states.${key}`),
              count: counts?.[key] ?? 0,
            })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {jobsQuery.isError && (
        <LoadError
          message={t('operator.jobs.loadFailed')}
          retryLabel={t('operator.retry')}
          onRetry={() => void jobsQuery.refetch()}
        />
      )}
      {jobsQuery.isPending ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }} role="status">
          <CircularProgress size={20} />
          <Typography variant="body2">{t('operator.jobs.loading')}</Typography>
        </Box>
      ) : (
        <SmallTable
          label={t('operator.jobs.tableLabel')}
          head={
            <>
              <TableCell>{t('operator.jobs.columns.type')}</TableCell>
              <TableCell>{t('operator.jobs.columns.state')}</TableCell>
              <TableCell>{t('operator.jobs.columns.attempts')}</TableCell>
              <TableCell>{t('operator.jobs.columns.runAt')}</TableCell>
              <TableCell>{t('operator.jobs.columns.lastError')}</TableCell>
              <TableCell>{t('operator.jobs.columns.action')}</TableCell>
            </>
          }
        >
          {jobs.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>{t('operator.jobs.empty')}</TableCell>
            </TableRow>
          )}
          {jobs.map((job) => (
            <TableRow key={job.sJobId}>
              <TableCell sx={{ minWidth: 150, overflowWrap: 'break-word' }}>
                <Typography variant="body2" fontWeight={600}>
                  {job.sType}
                </Typography>
                {job.sKey && (
                  <Typography variant="caption" color="text.secondary">
                    {job.sKey}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={STATE_COLOR[job.sState]}
                  label={t(`operator.jobs.states.${job.sState}`)}
                />
              </TableCell>
              <TableCell>
                {t('operator.jobs.attempts', {
                  done: String(job.iAttempts),
                  limit: String(job.iMaxAttempts),
                })}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {dateTime.format(new Date(job.run_at))}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                {job.sLastError ?? t('operator.jobs.noError')}
              </TableCell>
              <TableCell>
                {(job.sState === 'failed' || job.sState === 'dead') && (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setConfirming(job)}
                    aria-label={t('operator.jobs.retryFor', { type: job.sType })}
                  >
                    {t('operator.jobs.retry')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
      <AppDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        busy={retry.isPending}
        closeOnBackdropClick
      >
        <DialogTitle>{t('operator.jobs.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('operator.jobs.confirmText', { type: confirming?.sType ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} disabled={retry.isPending}>
            {t('operator.jobs.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={retry.isPending}
            onClick={() => confirming && retry.mutate(confirming)}
          >
            {t('operator.jobs.confirmButton')}
          </Button>
        </DialogActions>
      </AppDialog>
    </Stack>
  );
}
