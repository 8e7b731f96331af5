import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { Statement } from '../api/statement';

interface SummaryCardProps {
  label: string;
  amount: number | undefined;
  currency: string;
  caption?: string | undefined;
  testId: string;
  emphasis?: boolean;
  loading: boolean;
}

function SummaryCard(props: SummaryCardProps) {
  const { label, amount, currency, caption, testId, emphasis, loading } = props;
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {amount === undefined && loading && <Skeleton width="70%" height={36} />}
      {amount === undefined && !loading && (
        <Typography sx={{ fontWeight: 700, fontSize: '1.2rem' }}>—</Typography>
      )}
      {amount !== undefined && (
        <Typography
          sx={{
            fontWeight: 700,
            fontSize: emphasis ? '1.375rem' : '1.2rem',
            overflowWrap: 'anywhere',
          }}
        >
          {formatMoney(amount)} {currency}
        </Typography>
      )}
      {caption && (
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      )}
    </Paper>
  );
}

/** Opening and closing balances with the period's money in and out. */
export function StatementSummary({
  statement,
  currency,
  loading,
}: {
  statement: Statement | undefined;
  currency: string;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const on = (date: string | undefined) =>
    date ? t('statement.balanceOn', { date: formatDate(date, language) }) : undefined;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        mb: 2,
      }}
    >
      <SummaryCard
        testId="opening-balance"
        label={t('statement.openingBalance')}
        amount={statement?.openingBalance}
        currency={currency}
        loading={loading}
        caption={on(statement?.dFrom)}
        emphasis
      />
      <SummaryCard
        testId="total-credit"
        label={t('statement.totalCredit')}
        amount={statement?.dTotalCredit}
        currency={currency}
        loading={loading}
      />
      <SummaryCard
        testId="total-debit"
        label={t('statement.totalDebit')}
        amount={statement?.dTotalDebit}
        currency={currency}
        loading={loading}
      />
      <SummaryCard
        testId="closing-balance"
        label={t('statement.closingBalance')}
        amount={statement?.closingBalance}
        currency={currency}
        loading={loading}
        caption={on(statement?.dTo)}
        emphasis
      />
    </Box>
  );
}
