import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TransactionInvoice } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { assignedGain, isEntryPaid } from '../conversion-math';
import { DetailList } from '../../../components/detail-list';
import { GainText } from './gain-text';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';
import { SpreadRow } from '../../../components/spread-row';

interface AssignedInvoiceCardProps {
  entry: TransactionInvoice;
  /** The conversion's rate: the profit is on the MXN assigned to it, at that rate. */
  conversionRate: number;
  /** History: a 'Pagada' / 'Pendiente pago' chip instead of the actions. */
  readOnly: boolean;
  busy: boolean;
  onModify: () => void;
  onRemove: () => void;
}

/** One invoice assigned to a conversion: amounts, profit, and what can be done with it. */
export function AssignedInvoiceCard({
  entry,
  conversionRate,
  readOnly,
  busy,
  onModify,
  onRemove,
}: AssignedInvoiceCardProps) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const language = useLanguage();
  const { invoice } = entry;
  const paid = isEntryPaid(entry);
  const gain = assignedGain(entry, conversionRate);
  return (
    <Paper
      variant="outlined"
      component="li"
      data-testid="assigned-invoice"
      sx={{ p: 2, listStyle: 'none' }}
    >
      <SpreadRow gap={1} sx={{ mb: 1.5 }}>
        <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {invoice.sInvoice}
        </Typography>
        {readOnly && (
          <Chip
            size="small"
            color={paid ? 'success' : 'secondary'}
            label={paid ? t('conversions.detail.paidChip') : t('conversions.detail.pendingChip')}
          />
        )}
      </SpreadRow>
      <DetailList
        items={[
          { label: t('conversions.detail.invoiceAmount'), value: formatMoney(entry.dAmount) },
          {
            label: t('conversions.detail.purchaseDate'),
            value: formatDate(invoice.dPurchaseDate, language),
          },
          {
            label: t('conversions.detail.protectedRate'),
            value: formatMoney(invoice.dRateProtection),
          },
          {
            label: t('conversions.detail.profitPercent'),
            value: <GainText value={gain.profitPercentage} kind="percent" />,
          },
          {
            label: t('conversions.detail.profitUsd'),
            value: <GainText value={gain.gainUsd} kind="usd" />,
          },
        ]}
      />
      {!readOnly && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          <WithReason reason={writeBlocked}>
            <Button
              size="small"
              startIcon={<EditOutlinedIcon />}
              onClick={onModify}
              disabled={busy}
            >
              {t('conversions.detail.modify')}
            </Button>
          </WithReason>
          <WithReason reason={writeBlocked}>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={onRemove}
              disabled={busy || paid}
            >
              {t('conversions.detail.remove')}
            </Button>
          </WithReason>
        </Box>
      )}
    </Paper>
  );
}
