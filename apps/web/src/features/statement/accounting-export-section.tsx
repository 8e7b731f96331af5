import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet, apiGetBlob, apiPut, type ApiAnswer } from '../../lib/api/typed-client';
import { downloadBlob } from '../../lib/files';
import { useTeamRole } from '../../lib/team-role';
import { showErrorToast, showSuccessToast } from '../../lib/toast';

type ExportAccount = ApiAnswer<'get', 'accounting-export/accounts'>['accounts'][number];
const FORMATS = ['plain', 'qbo', 'xero'] as const;
const VALUATIONS = ['currency', 'usd'] as const;
const accountsKey = ['accounting-export', 'accounts'] as const;

/** The period's journal file for an accounting system, and the company's account names. */
export function AccountingExportSection({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const isAdmin = useTeamRole() === 'ADMIN';
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<(typeof FORMATS)[number]>('plain');
  const [valuation, setValuation] = useState<(typeof VALUATIONS)[number]>('currency');
  const accounts = useQuery({
    queryKey: accountsKey,
    queryFn: async () => (await apiGet('accounting-export/accounts')).accounts,
  });
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!accounts.data) return;
    setNames(
      Object.fromEntries(accounts.data.map((account) => [account.sKey, account.sAccount ?? ''])),
    );
  }, [accounts.data]);
  const download = useMutation({
    mutationFn: () =>
      apiGetBlob('accounting-export', { params: {}, query: { format, valuation, from, to } }),
    onSuccess: (blob) =>
      downloadBlob(blob, `journal-${format}${valuation === 'usd' ? '-usd' : ''}-${from}-${to}.csv`),
    onError: (error) => showErrorToast(error),
  });
  const save = useMutation({
    mutationFn: (mapping: Record<ExportAccount['sKey'], string | null>) =>
      apiPut('accounting-export/accounts', { body: { mapping } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountsKey });
      showSuccessToast(t('statement.accounting.saved'));
    },
    onError: (error) => showErrorToast(error),
  });

  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 3 }} component="section" aria-labelledby="accounting">
      <Typography id="accounting" variant="h2" sx={{ mb: 1 }}>
        {t('statement.accounting.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('statement.accounting.intro')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
        <TextField
          select
          label={t('statement.accounting.format')}
          value={format}
          onChange={(event) => setFormat(event.target.value as (typeof FORMATS)[number])}
          sx={{ minWidth: 260 }}
        >
          {FORMATS.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`statement.accounting.formats.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('statement.accounting.valuation')}
          value={valuation}
          onChange={(event) => setValuation(event.target.value as (typeof VALUATIONS)[number])}
          sx={{ minWidth: 300 }}
        >
          {VALUATIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`statement.accounting.valuations.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" loading={download.isPending} onClick={() => download.mutate()}>
          {t('statement.accounting.download')}
        </Button>
      </Box>
      {valuation === 'usd' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -2, mb: 3 }}>
          {t('statement.accounting.valuationHelp')}
        </Typography>
      )}
      <Typography component="h3" sx={{ fontWeight: 600 }}>
        {t('statement.accounting.accounts')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {isAdmin ? t('statement.accounting.accountsIntro') : t('statement.accounting.adminsOnly')}
      </Typography>
      {accounts.isPending ? (
        <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : accounts.isError ? (
        <Alert severity="error">{t('statement.accounting.loadFailed')}</Alert>
      ) : (
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              Object.fromEntries(
                accounts.data.map((account) => [account.sKey, names[account.sKey]?.trim() || null]),
              ) as Record<ExportAccount['sKey'], string | null>,
            );
          }}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}
        >
          {accounts.data.map((account) => (
            <TextField
              key={account.sKey}
              label={t(`statement.accounting.accountNames.${account.sKey}`)}
              value={names[account.sKey] ?? ''}
              placeholder={account.sDefaultName}
              onChange={(event) =>
                setNames((current) => ({ ...current, [account.sKey]: event.target.value }))
              }
              disabled={!isAdmin}
              size="small"
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          ))}
          {isAdmin && (
            <Button
              type="submit"
              variant="outlined"
              loading={save.isPending}
              sx={{ justifySelf: 'start' }}
            >
              {t('statement.accounting.save')}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
