import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime, formatInstant } from '../../../components/format-instant';
import { useLanguage } from '../../../lib/i18n/i18n';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import {
  useWebhookDeliveriesQuery,
  useWebhookMutations,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../api/notifications-webhooks';
import { LoadError } from './tab-section';

/** One endpoint: its URL and events, its delivery log, a new secret, or its removal. */
export function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { remove, rotate } = useWebhookMutations();
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<'remove' | 'rotate'>();

  const run = async () => {
    try {
      if (confirm === 'remove') {
        await remove.mutateAsync(endpoint.sEndpointId);
        showSuccessToast(t('profile.webhooks.removed'));
      } else if (confirm === 'rotate') {
        onSecret((await rotate.mutateAsync(endpoint.sEndpointId)).sSecret);
      }
    } catch (error) {
      showErrorToast(error);
    } finally {
      setConfirm(undefined);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={endpoint.sUrl} component="section">
      <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontWeight: 600 }}>
        {endpoint.sUrl}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, my: 1 }}>
        {endpoint.aEvents.map((type) => (
          <Chip key={type} size="small" label={t(`profile.events.${type}`)} />
        ))}
      </Box>
      {endpoint.dPreviousSecretUntil && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('profile.webhooks.previousSecret', {
            time: formatDateTime(endpoint.dPreviousSecretUntil, language),
          })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => setShowLog((shown) => !shown)} aria-expanded={showLog}>
          {showLog ? t('profile.webhooks.hideDeliveries') : t('profile.webhooks.showDeliveries')}
        </Button>
        <Button onClick={() => setConfirm('rotate')}>{t('profile.webhooks.rotate')}</Button>
        <Button color="error" onClick={() => setConfirm('remove')}>
          {t('profile.webhooks.remove')}
        </Button>
      </Box>
      {showLog && <DeliveriesLog endpointId={endpoint.sEndpointId} />}
      <ConfirmDialog
        open={confirm !== undefined}
        title={
          confirm === 'remove'
            ? t('profile.webhooks.removeTitle')
            : t('profile.webhooks.rotateTitle')
        }
        confirmLabel={
          confirm === 'remove' ? t('profile.webhooks.remove') : t('profile.webhooks.rotate')
        }
        cancelLabel={t('profile.cancel')}
        destructive
        busy={remove.isPending || rotate.isPending}
        onConfirm={() => void run()}
        onCancel={() => setConfirm(undefined)}
      >
        <Typography>
          {confirm === 'remove'
            ? t('profile.webhooks.removeBody', { url: endpoint.sUrl })
            : t('profile.webhooks.rotateBody')}
        </Typography>
      </ConfirmDialog>
    </Paper>
  );
}

function attemptResult(attempt: WebhookDelivery['attempts'][number], noAnswer: string): string {
  if (attempt.iStatusCode !== null) return `HTTP ${attempt.iStatusCode}`;
  return attempt.sError ?? noAnswer;
}

function DeliveriesLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const deliveries = useWebhookDeliveriesQuery(endpointId, true);
  const { replay } = useWebhookMutations();
  // On the company clock, its zone named, as every other time of the app.
  const time = (iso: string) => formatInstant(iso, language);

  const sendAgain = async (delivery: WebhookDelivery) => {
    try {
      await replay.mutateAsync({ endpointId, deliveryId: delivery.sDeliveryId });
      showSuccessToast(t('profile.webhooks.replayed'));
    } catch (error) {
      showErrorToast(error);
    }
  };

  if (deliveries.isPending) {
    return <Skeleton variant="rounded" height={64} sx={{ mt: 2 }} />;
  }
  if (deliveries.isError) return <LoadError onRetry={() => void deliveries.refetch()} />;
  return (
    <Box sx={{ mt: 2, overflowX: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h3" sx={{ fontSize: '1rem' }}>
          {t('profile.webhooks.deliveries')}
        </Typography>
        <Button size="small" onClick={() => void deliveries.refetch()}>
          {t('profile.webhooks.refresh')}
        </Button>
      </Box>
      {deliveries.data.length === 0 ? (
        <Typography color="text.secondary">{t('profile.webhooks.noDeliveries')}</Typography>
      ) : (
        <Table size="small" aria-label={t('profile.webhooks.deliveries')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('profile.webhooks.event')}</TableCell>
              <TableCell>{t('profile.webhooks.status')}</TableCell>
              <TableCell>{t('profile.webhooks.attempts')}</TableCell>
              <TableCell>{t('profile.webhooks.eventId')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.data.map((delivery) => (
              <TableRow key={delivery.sDeliveryId}>
                <TableCell>
                  <code>{delivery.sEventType}</code>
                  <Typography variant="body2" color="text.secondary">
                    {time(delivery.dCreatedAt)}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={
                      delivery.sStatus === 'DELIVERED'
                        ? 'success'
                        : delivery.sStatus === 'DEAD'
                          ? 'error'
                          : 'default'
                    }
                    label={t(`profile.webhooks.statuses.${delivery.sStatus}`)}
                  />
                </TableCell>
                <TableCell>
                  {delivery.attempts.map((attempt) => (
                    <Typography key={attempt.iAttempt} variant="body2">
                      {t('profile.webhooks.attemptLine', {
                        attempt: String(attempt.iAttempt),
                        at: time(attempt.dAttemptedAt),
                        result: attemptResult(attempt, t('profile.webhooks.noAnswer')),
                        ms: String(attempt.iDurationMs),
                      })}
                    </Typography>
                  ))}
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                    {delivery.sEventId}
                  </Typography>
                </TableCell>
                <TableCell>
                  {delivery.sStatus !== 'PENDING' && (
                    <Button
                      size="small"
                      onClick={() => void sendAgain(delivery)}
                      disabled={replay.isPending}
                    >
                      {t('profile.webhooks.replay')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
