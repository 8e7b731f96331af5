import Alert from '@mui/material/Alert';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
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
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { API_KEY_SCOPES } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SecretOnceDialog } from '../../components/secret-once-dialog';
import { useLanguage } from '../../lib/i18n/i18n';
import { AppDialog } from '../../components/app-dialog';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import { useApiKeyMutations, useApiKeysQuery, type ApiKey, type ApiKeyScope } from './api/api-keys';
import { formatInstant } from '../../components/format-instant';

const LIFETIMES_DAYS = [30, 90, 365] as const;

/** The company's API keys for integrators (ADMINs): create (secret shown once), list, revoke. */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const keys = useApiKeysQuery();
  const { revoke } = useApiKeyMutations();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string>();
  const [revoking, setRevoking] = useState<ApiKey>();

  const statusOf = (key: ApiKey) =>
    key.dRevokedAt
      ? t('team.apiKeys.revoked')
      : new Date(key.dExpiresAt) <= new Date()
        ? t('team.apiKeys.expired')
        : t('team.apiKeys.active');

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.sApiKeyId);
      showSuccessToast(t('team.apiKeys.revokedToast'));
    } catch (error) {
      showErrorToast(error);
    } finally {
      setRevoking(undefined);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 3 }} component="section" aria-labelledby="api-keys">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
        <Typography id="api-keys" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('team.apiKeys.heading')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('team.apiKeys.add')}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('team.apiKeys.intro')}
      </Typography>
      {keys.isPending ? (
        <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={96} />
        </Box>
      ) : keys.isError ? (
        <Alert severity="error">{t('team.apiKeys.loadFailed')}</Alert>
      ) : keys.data.length === 0 ? (
        <Typography color="text.secondary">{t('team.apiKeys.empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="api-keys">
            <TableHead>
              <TableRow>
                <TableCell>{t('team.apiKeys.name')}</TableCell>
                <TableCell>{t('team.apiKeys.prefix')}</TableCell>
                <TableCell>{t('team.apiKeys.scopes')}</TableCell>
                <TableCell>{t('team.apiKeys.expires')}</TableCell>
                <TableCell>{t('team.apiKeys.lastUsed')}</TableCell>
                <TableCell>{t('team.apiKeys.createdBy')}</TableCell>
                <TableCell>{t('team.apiKeys.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.data.map((key) => (
                <TableRow key={key.sApiKeyId}>
                  <TableCell>{key.sName}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{key.sPrefix}…</TableCell>
                  <TableCell>{key.aScopes.join(', ')}</TableCell>
                  <TableCell>{formatInstant(key.dExpiresAt, language)}</TableCell>
                  <TableCell>
                    {key.dLastUsedAt
                      ? formatInstant(key.dLastUsedAt, language)
                      : t('team.apiKeys.never')}
                  </TableCell>
                  <TableCell>{key.sCreatedBy}</TableCell>
                  <TableCell>{statusOf(key)}</TableCell>
                  <TableCell>
                    {!key.dRevokedAt && (
                      <Button
                        color="error"
                        onClick={() => setRevoking(key)}
                        aria-label={`${t('team.apiKeys.revoke')} ${key.sName}`}
                      >
                        {t('team.apiKeys.revoke')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {adding && (
        <NewKeyDialog
          onClose={() => setAdding(false)}
          onCreated={(newSecret) => {
            setAdding(false);
            setSecret(newSecret);
          }}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(undefined)} />}
      <ConfirmDialog
        open={revoking !== undefined}
        title={t('team.apiKeys.revokeTitle')}
        confirmLabel={t('team.apiKeys.revoke')}
        cancelLabel={t('team.apiKeys.cancel')}
        destructive
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(undefined)}
      >
        {t('team.apiKeys.revokeBody', { name: revoking?.sName ?? '' })}
      </ConfirmDialog>
    </Paper>
  );
}

function NewKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { create } = useApiKeyMutations();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [days, setDays] = useState<number>(90);
  const [nameError, setNameError] = useState(false);
  const [scopesError, setScopesError] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setNameError(!trimmed);
    setScopesError(scopes.length === 0);
    if (!trimmed || scopes.length === 0) return;
    try {
      const key = await create.mutateAsync({
        sName: trimmed,
        aScopes: scopes,
        dExpiresAt: new Date(Date.now() + days * 24 * 3600 * 1000).toISOString(),
      });
      onCreated(key.sSecret);
    } catch (error) {
      showErrorToast(error);
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
        <DialogTitle id={titleId}>{t('team.apiKeys.add')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('team.apiKeys.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={nameError}
            helperText={nameError ? t('team.apiKeys.nameRequired') : undefined}
            fullWidth
            required
            autoFocus
            margin="normal"
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <FormControl component="fieldset" error={scopesError} variant="standard" sx={{ mt: 1 }}>
            <FormLabel component="legend">{t('team.apiKeys.scopes')}</FormLabel>
            <FormGroup>
              {API_KEY_SCOPES.map((scope) => (
                <FormControlLabel
                  key={scope}
                  control={
                    <Checkbox
                      checked={scopes.includes(scope)}
                      onChange={(event) =>
                        setScopes((current) =>
                          event.target.checked
                            ? [...current, scope]
                            : current.filter((picked) => picked !== scope),
                        )
                      }
                    />
                  }
                  label={t(`team.apiKeys.scope.${scope}`)}
                />
              ))}
            </FormGroup>
            {scopesError && <FormHelperText>{t('team.apiKeys.scopesRequired')}</FormHelperText>}
          </FormControl>
          <TextField
            select
            label={t('team.apiKeys.expiry')}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            fullWidth
            margin="normal"
          >
            {LIFETIMES_DAYS.map((option) => (
              <MenuItem key={option} value={option}>
                {t('team.apiKeys.days', { count: option })}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('team.apiKeys.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('team.apiKeys.create')}
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}

/** The key's secret, shown once: copy it, then it is gone from the screen. */
function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      secret={secret}
      onClose={onClose}
      testId="api-key-secret"
      texts={{
        title: t('team.apiKeys.secretTitle'),
        intro: t('team.apiKeys.secretIntro'),
        copy: t('team.apiKeys.copy'),
        copied: t('team.apiKeys.copied'),
        done: t('team.apiKeys.done'),
      }}
    />
  );
}
