import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { ApiError } from '../../lib/api-client';
import { updateSessionUser, useSession } from '../../lib/session-store';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import {
  useDisableSecondFactorMutation,
  useEnableSecondFactorMutation,
  useRegenerateRecoveryCodesMutation,
  useSecondFactorQuery,
  useSecurityPolicyMutation,
  useSecurityPolicyQuery,
  useSetupSecondFactorMutation,
} from './api/security';

/** The otpauth:// URL as a QR code image (the qrcode package, loaded with this page only). */
function OtpauthQr({ url, alt }: { url: string; alt: string }) {
  const [dataUrl, setDataUrl] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (qrcode) => {
      const image = await qrcode.toDataURL(url, { margin: 1, width: 200 });
      if (live) setDataUrl(image);
    });
    return () => {
      live = false;
    };
  }, [url]);
  if (!dataUrl) return <CircularProgress size={32} />;
  return <img src={dataUrl} alt={alt} width={200} height={200} data-testid="totp-qr" />;
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      sx={{ mt: 2 }}
      role="region"
      aria-label={t('security.recovery.title')}
    >
      <Typography variant="h6" component="h2">
        {t('security.recovery.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('security.recovery.intro')}</Typography>
      <Box
        component="ul"
        data-testid="recovery-codes"
        sx={{ fontFamily: 'monospace', columns: 2, pl: 2, my: 1 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => showSuccessToast(t('security.recovery.copied')))
          }
        >
          {t('security.recovery.copy')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('security.recovery.done')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Setting up: QR code and secret, then the first code confirms. */
function SetupForm({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const setup = useSetupSecondFactorMutation();
  const enable = useEnableSecondFactorMutation();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  if (!setup.data) {
    return (
      <Button variant="contained" loading={setup.isPending} onClick={() => setup.mutate()}>
        {t('security.setup.start')}
      </Button>
    );
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setCodeError(undefined);
    try {
      const answer = await enable.mutateAsync(code.trim());
      onEnabled(answer.recoveryCodes);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TOTP_INVALID') setCodeError(error.message);
      else showErrorToast(error);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Typography sx={{ mb: 2 }}>{t('security.setup.scan')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
        <OtpauthQr url={setup.data.sOtpauthUrl} alt={t('security.setup.qrAlt')} />
        <Box>
          <Typography variant="subtitle2">{t('security.setup.secret')}</Typography>
          <Typography
            data-testid="totp-secret"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {setup.data.sSecret}
          </Typography>
          <TextField
            label={t('security.setup.code')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            error={Boolean(codeError)}
            helperText={codeError}
            sx={{ mt: 2 }}
          />
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          loading={enable.isPending}
          disabled={!code.trim()}
        >
          {t('security.setup.confirm')}
        </Button>
        <Button onClick={() => setup.reset()}>{t('security.setup.cancel')}</Button>
      </Stack>
    </Box>
  );
}

/** With a second factor: turn it off, or get new recovery codes, each with a current code. */
function ManageForm({ onNewCodes }: { onNewCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const disable = useDisableSecondFactorMutation();
  const regenerate = useRegenerateRecoveryCodesMutation();
  const [code, setCode] = useState('');
  return (
    <Stack spacing={2} sx={{ maxWidth: 420 }}>
      <TextField
        label={t('security.manage.codeLabel')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
      />
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          disabled={!code.trim()}
          loading={regenerate.isPending}
          onClick={() =>
            regenerate.mutate(code.trim(), {
              onSuccess: (answer) => {
                setCode('');
                onNewCodes(answer.recoveryCodes);
              },
            })
          }
        >
          {t('security.manage.regenerate')}
        </Button>
        <Button
          color="error"
          variant="outlined"
          disabled={!code.trim()}
          loading={disable.isPending}
          onClick={() =>
            disable.mutate(code.trim(), {
              onSuccess: () => {
                setCode('');
                showSuccessToast(t('security.manage.disabled'));
              },
            })
          }
        >
          {t('security.manage.disable')}
        </Button>
      </Stack>
    </Stack>
  );
}

function CompanyPolicy() {
  const { t } = useTranslation();
  const policy = useSecurityPolicyQuery(true);
  const save = useSecurityPolicyMutation();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('security.policy.title')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={policy.data?.bRequireTotp ?? false}
              disabled={!policy.data || save.isPending}
              onChange={(event) =>
                save.mutate(event.target.checked, {
                  onSuccess: () => showSuccessToast(t('security.policy.saved')),
                })
              }
            />
          }
          label={t('security.policy.requireAll')}
        />
        <Box sx={{ mt: 1 }}>
          <Button component={RouterLink} to="/audit-log">
            {t('menu.items.auditLog')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** /security: the user's second factor, and the company policy for admins. */
export function SecurityPage() {
  const { t } = useTranslation();
  const session = useSession();
  const status = useSecondFactorQuery();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const isAdmin = session?.user.isManager ?? false;
  const showCodes = (codes: string[]) => {
    setRecoveryCodes(codes);
    if (session) {
      updateSessionUser({ ...session.user, bTotpEnabled: true, bTotpSetupRequired: false });
    }
  };
  return (
    <PageFrame title={t('security.title')} subtitle={t('security.subtitle')}>
      <Stack spacing={3}>
        {session?.user.bTotpSetupRequired && (
          <Alert severity="info">{t('security.setupRequired')}</Alert>
        )}
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('security.status.title')}
            </Typography>
            {status.isPending && <CircularProgress size={24} />}
            {status.isError && <Alert severity="error">{status.error.message}</Alert>}
            {status.data && (
              <>
                <Typography data-testid="totp-status" sx={{ mb: 2 }}>
                  {status.data.bEnabled ? t('security.status.on') : t('security.status.off')}
                  {status.data.bEnabled &&
                    ` ${t('security.status.recoveryLeft', { count: status.data.iRecoveryCodesLeft })}`}
                </Typography>
                {recoveryCodes ? (
                  <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />
                ) : status.data.bEnabled ? (
                  <ManageForm onNewCodes={setRecoveryCodes} />
                ) : (
                  <SetupForm onEnabled={showCodes} />
                )}
              </>
            )}
          </CardContent>
        </Card>
        {isAdmin && !session?.user.bTotpSetupRequired && <CompanyPolicy />}
      </Stack>
    </PageFrame>
  );
}
