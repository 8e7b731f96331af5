import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDepositDetailsQuery } from '../api/checkout';
import { LoadError } from '../../../components/load-error';

/** The receiving account has six lines (beneficiary, bank, account, ABA, SWIFT, reference). */
const EXPECTED_ROWS = 6;

/** Where to wire the dollars of a deferred payment (POST exchange-rate/addFounds). */
export function BankDetails() {
  const { t } = useTranslation();
  const details = useDepositDetailsQuery(true);
  return (
    <Box component="section" aria-labelledby="bank-title" sx={{ mt: 2 }}>
      <Typography id="bank-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('cart.checkout.bankTitle')}
      </Typography>
      {details.isError ? (
        <LoadError
          message={t('cart.checkout.bankFailed')}
          retryLabel={t('cart.retry')}
          onRetry={() => void details.refetch()}
        />
      ) : details.data ? (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
            columnGap: 3,
          }}
          data-testid="bank-details"
        >
          {details.data.map((detail) => (
            <Box key={detail.label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary" sx={{ mt: 1 }}>
                {detail.label}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  m: 0,
                  mt: { sm: 1 },
                  fontWeight: 600,
                  fontFamily: 'monospace',
                  overflowWrap: 'anywhere',
                }}
              >
                {detail.value}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Box role="status" aria-label={t('common.loading')}>
          {Array.from({ length: EXPECTED_ROWS }, (_, index) => (
            <Skeleton key={index} variant="text" width="70%" />
          ))}
        </Box>
      )}
    </Box>
  );
}
