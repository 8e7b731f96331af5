import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/busy-button';
import { LoadError as RetryAlert } from '../../../components/load-error';
import { WithReason } from '../../../components/with-reason';
import { SpreadRow } from '../../../components/spread-row';

interface TabSectionProps {
  title: string;
  intro?: string;
  /** Beside the title, e.g. the verified chip or an "Invite" button. */
  aside?: ReactNode;
  children: ReactNode;
}

/** One tab's content: a card with its h2, a short explanation, then the form or list. */
export function TabSection({ title, intro, aside, children }: TabSectionProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <SpreadRow gap={1.5}>
        <Typography variant="h2">{title}</Typography>
        {aside}
      </SpreadRow>
      {intro && (
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: '75ch' }}>
          {intro}
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Paper>
  );
}

/** A failed read, with a button to ask again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <RetryAlert
      message={t('profile.loadFailed')}
      retryLabel={t('profile.retry')}
      onRetry={onRetry}
    />
  );
}

/** The shape of a form while its data loads. */
export function FormSkeleton({ fields = 4 }: { fields?: number }) {
  const { t } = useTranslation();
  return (
    <Box aria-busy="true" aria-label={t('common.loading')} role="status">
      {Array.from({ length: fields }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={56} sx={{ my: 2 }} />
      ))}
    </Box>
  );
}

/** The save button row under a form. */
export function FormActions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>{children}</Box>;
}

/**
 * The submit button of a tab's form: locked, with a spinner, while it saves; disabled with
 * `reason` shown when the user's role cannot save it.
 */
export function SaveButton({
  busy,
  label,
  reason,
}: {
  busy: boolean;
  label?: string;
  reason?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <WithReason reason={reason}>
      <BusyButton busy={busy} type="submit">
        {label ?? t('profile.save')}
      </BusyButton>
    </WithReason>
  );
}
