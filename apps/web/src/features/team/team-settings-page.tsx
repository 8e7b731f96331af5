import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame';
import { useTeamRole } from '../../lib/team-role';
import { isApiError } from '../../lib/api-client';
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
  const [levels, setLevels] = useState<Array<{ above: string; approvers: string }>>([]);
  const [levelsError, setLevelsError] = useState(false);

  useEffect(() => {
    if (!settings.data) return;
    setThreshold(
      settings.data.dApprovalThresholdUsd === null
        ? ''
        : String(settings.data.dApprovalThresholdUsd),
    );
    setExpiry(String(settings.data.iApprovalExpiryHours));
    setCoolingOff(String(settings.data.iCoolingOffHours));
    setLevels(
      settings.data.aApprovalLevels.map((level) => ({
        above: String(level.dAboveUsd),
        approvers: String(level.iApprovers),
      })),
    );
  }, [settings.data]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        dApprovalThresholdUsd: threshold.trim() === '' ? null : Number(threshold),
        iApprovalExpiryHours: Number(expiry),
        iCoolingOffHours: Number(coolingOff),
        aApprovalLevels: levels.map((level) => ({
          dAboveUsd: Number(level.above),
          iApprovers: Number(level.approvers),
        })),
      },
      {
        onSuccess: () => {
          setLevelsError(false);
          showSuccessToast(t('team.settings.saved'));
        },
        onError: (error) => {
          if (isApiError(error) && error.field === 'aApprovalLevels') setLevelsError(true);
          else showErrorToast(error);
        },
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
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" sx={{ fontWeight: 600 }}>
                {t('team.settings.levels')}
              </Typography>
              <Typography variant="body2" color={levelsError ? 'error' : 'text.secondary'}>
                {levelsError ? t('team.settings.levelsInvalid') : t('team.settings.levelsHelp')}
              </Typography>
              {levels.map((level, index) => (
                <Box key={index} sx={{ display: 'flex', gap: 1, mt: 1.5, alignItems: 'center' }}>
                  <TextField
                    label={t('team.settings.levelAbove')}
                    value={level.above}
                    onChange={(event) =>
                      setLevels((current) =>
                        current.map((one, at) =>
                          at === index ? { ...one, above: event.target.value } : one,
                        ),
                      )
                    }
                    disabled={!isAdmin}
                    error={levelsError}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                  <TextField
                    label={t('team.settings.levelApprovers')}
                    type="number"
                    value={level.approvers}
                    onChange={(event) =>
                      setLevels((current) =>
                        current.map((one, at) =>
                          at === index ? { ...one, approvers: event.target.value } : one,
                        ),
                      )
                    }
                    disabled={!isAdmin}
                    error={levelsError}
                    slotProps={{ htmlInput: { min: 2, max: 5 } }}
                    sx={{ width: 140 }}
                  />
                  {isAdmin && (
                    <IconButton
                      aria-label={t('team.settings.removeLevel', { number: String(index + 1) })}
                      onClick={() =>
                        setLevels((current) => current.filter((_, at) => at !== index))
                      }
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  )}
                </Box>
              ))}
              {isAdmin && levels.length < 5 && (
                <Button
                  startIcon={<AddIcon />}
                  sx={{ mt: 1 }}
                  onClick={() =>
                    setLevels((current) => [
                      ...current,
                      { above: '', approvers: String(Number(current.at(-1)?.approvers ?? 1) + 1) },
                    ])
                  }
                >
                  {t('team.settings.addLevel')}
                </Button>
              )}
            </Box>
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
