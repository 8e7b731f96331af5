import { moneyToNumber, TRANSACTION_TYPE_IDS } from '@app/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../components/use-countdown';
import { useIdempotencyKey, useStatusCatalogQuery } from '../../../lib/finance/queries';
import { formatMoney } from '../../../lib/format';
import { showErrorToast } from '../../../lib/toast';
import type { AmountEntry } from '../amounts';
import { EMPTY_AMOUNT, linkAmounts } from '../amounts';
import { useConversionMutation } from '../api/money';
import { AmountFields } from './amount-fields';
import { ExchangeDialog } from './exchange-dialog';
import { RateLine } from './rate-line';
import { isQuoteError, notifyQuoteRefreshed, useLiveQuote } from './use-live-quote';

interface ConvertDialogProps {
  onCancel: () => void;
  onSuccess: (message: string) => void;
}

/**
 * Convert (forex): USD from the balance to MXN at today's quote. The rate has its own
 * countdown; at zero it is fetched again and the typed amount is kept.
 */
export function ConvertDialog({ onCancel, onSuccess }: ConvertDialogProps) {
  const { t } = useTranslation();
  const quote = useLiveQuote();
  const catalog = useStatusCatalogQuery();
  const convert = useConversionMutation();
  const idempotencyKey = useIdempotencyKey(true);
  const [entry, setEntry] = useState<AmountEntry>(EMPTY_AMOUNT);

  const linked = linkAmounts(entry, quote.rate);
  const seconds = useCountdown({
    deadline: quote.deadline,
    resetKey: quote.resetKey,
    onZero: () => void quote.refresh(),
  });

  const forexTypeId =
    catalog.data?.transactionTypes.find((type) => type.sKey === 'FOREX')?.sTransactionTypeId ??
    TRANSACTION_TYPE_IDS.FOREX;
  const usdBalance = quote.dashboard?.balances.balanceUsd.balance ?? 0;

  const confirm = () => {
    if (linked.usdCents === undefined || quote.rate === undefined || !quote.reference) return;
    convert.mutate(
      {
        key: idempotencyKey,
        body: {
          sTransactionType: forexTypeId,
          dAmount: moneyToNumber(linked.usdCents),
          dExchangeRate: quote.rate,
          referenceExchangeRate: quote.reference,
          bExternal: false,
        },
      },
      {
        onSuccess: () => onSuccess(t('exchange.convert.success')),
        onError: async (error) => {
          if (isQuoteError(error)) {
            await quote.refresh();
            notifyQuoteRefreshed();
            return;
          }
          showErrorToast(error);
        },
      },
    );
  };

  return (
    <ExchangeDialog title={t('exchange.convert.title')} testId="convert-dialog">
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <Typography>{t('exchange.convert.intro')}</Typography>
        <RateLine label={t('exchange.detail.rate')} rate={quote.rate} seconds={seconds} />
        <AmountFields entry={entry} linked={linked} onChange={setEntry} />
        {/* A hint only: the server is the one that refuses an amount above the balance. */}
        <Alert severity="info" data-testid="convert-hint">
          {t('exchange.convert.hint', { amount: formatMoney(usdBalance) })}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={convert.isPending}>
          {t('finance.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={confirm}
          disabled={linked.usdCents === undefined || quote.reference === undefined}
          loading={convert.isPending}
        >
          {t('exchange.convert.confirm')}
        </Button>
      </DialogActions>
    </ExchangeDialog>
  );
}
