import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame';
import { useTeamRole } from '../../lib/team-role';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import { useTeamSettingsMutation, useTeamSettingsQuery } from './api/team';
import { ApiKeysSection } from './api-keys-section';

/** The approval threshold, approval expiry and cooling-off; only ADMINs change them. */
export function TeamSettingsPage() {
  const { t } = useTranslation();
  const isAdmin = useTeamRole() === 'ADMIN';
  const settings = useTeamSettingsQuery();
  const save = useTeamSettingsMutation();
  const [threshold, setThreshold] = useState('');
  const [expiry, setExpiry] = useState('72');
  const [coolingOff, setCoolingOff] = useState('24');

  useEffect(() => {
    if (!settings.data) return;
    setThreshold(
      settings.data.dApprovalThresholdUsd === null
        ? ''
        : String(settings.data.dApprovalThresholdUsd),
    );
    setExpiry(String(settings.data.iApprovalExpiryHours));
    setCoolingOff(String(settings.data.iCoolingOffHours));
  }, [settings.data]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        dApprovalThresholdUsd: threshold.trim() === '' ? null : Number(threshold),
        iApprovalExpiryHours: Number(expiry),
        iCoolingOffHours: Number(coolingOff),
      },
      {
        onSuccess: () => showSuccessToast(t('team.settings.saved')),
        onError: (error) => showErrorToast(error),
      },
    );
  };

  return (
    <PageFrame title={t('team.settings.title')} subtitle={t('team.settings.subtitle')}>
      {settings.isPending ? (
        <CircularProgress aria-label={t('team.settings.title')} />
      ) : settings.isError ? (
        <Alert severity="error">{t('team.settings.loadFailed')}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
          {!isAdmin && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('team.settings.adminsOnly')}
            </Alert>
          )}
          <Box
            component="form"
            onSubmit={onSubmit}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
          >
            <TextField
              label={t('team.settings.threshold')}
              helperText={t('team.settings.thresholdHelp')}
              value={threshold}
              onChange={(event) => setThreshold(event.target.value)}
              disabled={!isAdmin}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              label={t('team.settings.expiry')}
              type="number"
              value={expiry}
              onChange={(event) => setExpiry(event.target.value)}
              disabled={!isAdmin}
              slotProps={{ htmlInput: { min: 1, max: 720 } }}
            />
            <TextField
              label={t('team.settings.coolingOff')}
              type="number"
              value={coolingOff}
              onChange={(event) => setCoolingOff(event.target.value)}
              disabled={!isAdmin}
              slotProps={{ htmlInput: { min: 0, max: 720 } }}
            />
            {isAdmin && (
              <Button
                type="submit"
                variant="contained"
                loading={save.isPending}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('team.settings.save')}
              </Button>
            )}
          </Box>
        </Paper>
      )}
      {isAdmin && <ApiKeysSection />}
    </PageFrame>
  );
}
