import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDepositDetailsQuery } from '../api/checkout';
import { LoadError } from '../../../components/load-error';
import { FactList } from '../../../components/fact-list';

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
        // From 600 px the labels lose their top margin: the list keeps 8 px below the heading.
        <FactList facts={details.data} monospace testId="bank-details" sx={{ pt: { sm: 1 } }} />
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
