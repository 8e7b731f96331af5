import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EVENT_TYPES } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import {
  useWebhookDeliveriesQuery,
  useWebhookEndpointsQuery,
  useWebhookMutations,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../api/notifications-webhooks';
import { LoadError, TabSection } from './tab-section';
import { AppDialog } from '../../../components/app-dialog';

/** The company's webhook endpoints (managers only): add, secret once, log, replay, delete. */
export function WebhooksTab() {
  const { t } = useTranslation();
  const endpoints = useWebhookEndpointsQuery();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string>();

  return (
    <TabSection
      title={t('profile.webhooks.heading')}
      intro={t('profile.webhooks.intro')}
      aside={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('profile.webhooks.add')}
        </Button>
      }
    >
      {endpoints.isPending ? (
        <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={96} />
        </Box>
      ) : endpoints.isError ? (
        <LoadError onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <Typography color="text.secondary">{t('profile.webhooks.empty')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.sEndpointId} endpoint={endpoint} onSecret={setSecret} />
          ))}
        </Box>
      )}
      {adding && (
        <AddEndpointDialog
          onClose={() => setAdding(false)}
          onCreated={(newSecret) => {
            setAdding(false);
            setSecret(newSecret);
          }}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(undefined)} />}
    </TabSection>
  );
}

function AddEndpointDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { create } = useWebhookMutations();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [urlError, setUrlError] = useState<string>();
  const [eventsError, setEventsError] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = url.trim();
    setUrlError(trimmed ? undefined : t('profile.webhooks.urlRequired'));
    setEventsError(events.length === 0);
    if (!trimmed || events.length === 0) return;
    try {
      const endpoint = await create.mutateAsync({ sUrl: trimmed, aEvents: events });
      onCreated(endpoint.sSecret);
    } catch (error) {
      if (isApiError(error) && error.code === 'WEBHOOK_URL_REFUSED') {
        setUrlError(t('profile.webhooks.urlRefused'));
      } else {
        showErrorToast(error);
      }
    }
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      busy={create.isPending}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('profile.webhooks.addTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('profile.webhooks.url')}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={Boolean(urlError)}
            helperText={urlError ?? t('profile.webhooks.urlHint')}
            placeholder="https://"
            type="url"
            fullWidth
            required
            autoFocus
            margin="normal"
          />
          <FormControl component="fieldset" error={eventsError} variant="standard" sx={{ mt: 1 }}>
            <FormLabel component="legend">{t('profile.webhooks.events')}</FormLabel>
            <FormGroup>
              {EVENT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  control={
                    <Checkbox
                      checked={events.includes(type)}
                      onChange={(event) =>
                        setEvents((current) =>
                          event.target.checked
                            ? [...current, type]
                            : current.filter((picked) => picked !== type),
                        )
                      }
                    />
                  }
                  label={
                    <span>
                      {t(`profile.events.${type}`)}{' '}
                      <Typography component="code" variant="body2" color="text.secondary">
                        {type}
                      </Typography>
                    </span>
                  }
                />
              ))}
            </FormGroup>
            {eventsError && <FormHelperText>{t('profile.webhooks.eventsRequired')}</FormHelperText>}
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('profile.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('profile.webhooks.create')}
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}

/** The signing secret, shown once: copy it, then it is gone from the screen. */
function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      showSuccessToast(t('profile.webhooks.copied'));
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <AppDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('profile.webhooks.secretTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('profile.webhooks.secretIntro')}
        </Alert>
        <TextField
          value={secret}
          label={t('profile.webhooks.secretTitle')}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'webhook-secret' } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('profile.webhooks.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('profile.webhooks.done')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}

function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const { t, i18n } = useTranslation();
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
            time: new Date(endpoint.dPreviousSecretUntil).toLocaleString(
              i18n.language === 'sp' ? 'es-MX' : 'en-US',
            ),
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
  const { t, i18n } = useTranslation();
  const deliveries = useWebhookDeliveriesQuery(endpointId, true);
  const { replay } = useWebhookMutations();
  const time = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'sp' ? 'es-MX' : 'en-US');

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
