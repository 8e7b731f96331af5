import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { EVENT_TYPES } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import {
  useNotificationSettingsQuery,
  useSaveNotificationSettings,
  type NotificationSettings,
} from '../api/notifications-webhooks';
import { FormActions, FormSkeleton, LoadError, SaveButton, TabSection } from './tab-section';

/** The signed-in user's e-mail notifications: each kind on or off, and their language. */
export function NotificationsTab() {
  const { t } = useTranslation();
  const settings = useNotificationSettingsQuery();
  return (
    <TabSection title={t('profile.notifications.heading')} intro={t('profile.notifications.intro')}>
      {settings.isPending ? (
        <FormSkeleton fields={3} />
      ) : settings.isError ? (
        <LoadError onRetry={() => void settings.refetch()} />
      ) : (
        <NotificationsForm settings={settings.data} />
      )}
    </TabSection>
  );
}

function NotificationsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const save = useSaveNotificationSettings();
  const [language, setLanguage] = useState(settings.sLanguage);
  const [enabled, setEnabled] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(settings.events.map((event) => [event.sEvent, event.bEnabled])),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({
        sLanguage: language,
        events: EVENT_TYPES.map((sEvent) => ({ sEvent, bEnabled: enabled[sEvent] ?? true })),
      });
      showSuccessToast(t('profile.notifications.saved'));
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        select
        label={t('profile.notifications.language')}
        value={language}
        onChange={(event) => setLanguage(event.target.value as NotificationSettings['sLanguage'])}
        sx={{ minWidth: 240, mb: 2 }}
      >
        <MenuItem value="en">{t('profile.notifications.languages.en')}</MenuItem>
        <MenuItem value="sp">{t('profile.notifications.languages.sp')}</MenuItem>
      </TextField>
      <FormControl component="fieldset" variant="standard" sx={{ display: 'block' }}>
        <FormLabel component="legend">{t('profile.notifications.kindsLabel')}</FormLabel>
        <FormGroup>
          {EVENT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Checkbox
                  checked={enabled[type] ?? true}
                  onChange={(event) =>
                    setEnabled((current) => ({ ...current, [type]: event.target.checked }))
                  }
                />
              }
              label={t(`profile.events.${type}`)}
            />
          ))}
        </FormGroup>
      </FormControl>
      <FormActions>
        <SaveButton busy={save.isPending} />
      </FormActions>
    </form>
  );
}
