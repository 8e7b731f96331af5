import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { useTranslation } from 'react-i18next';
import type { DepositDetail } from '../api/deposit-details';
import { useDepositDetailsQuery } from '../api/deposit-details';
import { ExchangeDialog } from './exchange-dialog';
import { LoadError } from '../../../components/load-error';

/** The receiving account has six lines (beneficiary, bank, account, ABA, SWIFT, reference). */
const EXPECTED_ROWS = 6;

function DetailRow({ detail }: { detail: DepositDetail }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(detail.value);
      showSuccessToast(t('exchange.addFunds.copied', { label: detail.label }));
    } catch {
      showToast(t('exchange.addFunds.copyFailed'), { variant: 'error' });
    }
  };
  const copyLabel = t('exchange.addFunds.copy', { label: detail.label });
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {detail.label}
        </Typography>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
          {detail.value}
        </Typography>
      </Box>
      <Tooltip title={copyLabel}>
        <IconButton onClick={copy} aria-label={copyLabel}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** Add funds: the bank details to wire USD to, each with a copy button. */
export function AddFundsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const details = useDepositDetailsQuery();

  return (
    <ExchangeDialog
      title={t('exchange.addFunds.title')}
      onClose={onClose}
      informational
      testId="add-funds-dialog"
    >
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{t('exchange.addFunds.intro')}</Typography>
        {details.isError ? (
          <LoadError
            message={t('exchange.addFunds.failed')}
            retryLabel={t('exchange.retry')}
            onRetry={() => void details.refetch()}
          />
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {details.data
              ? details.data.account.map((detail) => (
                  <DetailRow key={detail.label} detail={detail} />
                ))
              : Array.from({ length: EXPECTED_ROWS }, (_, index) => (
                  <Box component="li" key={index} sx={{ py: 1 }}>
                    <Skeleton variant="text" width="35%" />
                    <Skeleton variant="text" width="60%" />
                  </Box>
                ))}
          </Box>
        )}
        {details.data?.spei ? (
          <Box data-testid="add-funds-spei" sx={{ mt: 2 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('exchange.addFunds.speiTitle')}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('exchange.addFunds.speiIntro')}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              <DetailRow
                detail={{
                  label: t('exchange.addFunds.speiClabe'),
                  value: details.data.spei.sClabe,
                }}
              />
              <DetailRow
                detail={{
                  label: t('exchange.addFunds.speiBank'),
                  value: details.data.spei.sBankName,
                }}
              />
            </Box>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('finance.close')}
        </Button>
      </DialogActions>
    </ExchangeDialog>
  );
}
