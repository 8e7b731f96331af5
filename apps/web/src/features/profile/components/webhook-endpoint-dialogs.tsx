import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EVENT_TYPES } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SecretOnceDialog } from '../../../components/secret-once-dialog';
import { isApiError } from '../../../lib/api-client';
import { showErrorToast } from '../../../lib/toast';
import { useWebhookMutations, type WebhookEvent } from '../api/notifications-webhooks';
import { AppDialog } from '../../../components/app-dialog';

/** A new endpoint: its URL and the events it hears; the server answers its secret. */
export function AddEndpointDialog({
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
export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      secret={secret}
      onClose={onClose}
      testId="webhook-secret"
      texts={{
        title: t('profile.webhooks.secretTitle'),
        intro: t('profile.webhooks.secretIntro'),
        copy: t('profile.webhooks.copy'),
        copied: t('profile.webhooks.copied'),
        done: t('profile.webhooks.done'),
      }}
    />
  );
}
