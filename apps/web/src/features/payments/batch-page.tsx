import { ERROR_MESSAGES, isErrorCode } from '@app/domain';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/i18n';
import { useBatchQuery, type BatchItemStatus } from './api/batches';
import { PaymentStatusChip } from './components/payment-chips';
import { formatInstant } from '../../components/format-instant';
import { useOpenReceipt } from './use-open-receipt';
import { SmallTable } from '../../components/small-table';

const ITEM_COLORS: Record<BatchItemStatus, 'success' | 'error' | 'default'> = {
  SENT: 'success',
  FAILED: 'error',
  NOT_ATTEMPTED: 'default',
};

/** /payments/batches/:batchId: each payment of a batch, its result, tracking key and receipts. */
export function BatchPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { batchId = '' } = useParams();
  const batch = useBatchQuery(batchId);

  const receipt = useOpenReceipt();

  const items = batch.data?.items ?? [];
  const count = (status: BatchItemStatus) => items.filter((item) => item.sStatus === status).length;

  return (
    <PageFrame
      title={t('payables.batchPage.title')}
      subtitle={t('payables.batchPage.subtitle')}
      actions={
        <Button component={RouterLink} to="/payments" variant="outlined">
          {t('payables.batchPage.back')}
        </Button>
      }
    >
      {batch.isError && <Alert severity="error">{t('payables.batchPage.loadFailed')}</Alert>}
      {batch.isPending && <Skeleton variant="rounded" height={240} />}
      {batch.data && (
        <>
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
                gap: 2,
              }}
            >
              <Summary
                label={t('payables.batchPage.created')}
                value={formatInstant(batch.data.created_at, language)}
              />
              <Summary
                label={t('payables.batchPage.rate')}
                value={`${batch.data.dExchangeRate} MXN`}
              />
              <Summary
                label={t('payables.batchPage.totalMxn')}
                value={`${formatMoney(batch.data.dTotalMxn)} MXN`}
              />
              <Summary
                label={t('payables.batchPage.totalUsd')}
                value={`${formatMoney(batch.data.dTotalUsd)} USD`}
              />
            </Box>
            <Typography sx={{ mt: 2 }} data-testid="batch-summary">
              {t('payables.batchPage.summary', {
                sent: String(count('SENT')),
                failed: String(count('FAILED')),
                skipped: String(count('NOT_ATTEMPTED')),
              })}
            </Typography>
          </Paper>
          <SmallTable
            label={t('payables.batchPage.title')}
            head={
              <>
                <TableCell>{t('payables.batchPage.position')}</TableCell>
                <TableCell>{t('payables.batchPage.status')}</TableCell>
                <TableCell>{t('payables.batchPage.payee')}</TableCell>
                <TableCell align="right">{t('payables.batchPage.mxn')}</TableCell>
                <TableCell align="right">{t('payables.batchPage.usd')}</TableCell>
                <TableCell>{t('payables.batchPage.trackingKey')}</TableCell>
                <TableCell>{t('payables.batchPage.payment')}</TableCell>
                <TableCell>{t('payables.batchPage.actions')}</TableCell>
              </>
            }
          >
            {items.map((item, index) => {
              const payment = item.payment;
              const asked = item.asked;
              return (
                <TableRow key={payment?.sPaymentId ?? `item-${index}`} data-testid="batch-item">
                  <TableCell>{index + 1}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={ITEM_COLORS[item.sStatus]}
                      label={t(`payables.batchPage.statuses.${item.sStatus}`)}
                    />
                    {item.code && (
                      <Typography variant="caption" component="div" color="error">
                        {isErrorCode(item.code) ? ERROR_MESSAGES[language][item.code] : item.code}
                      </Typography>
                    )}
                  </TableCell>
                  {/* A line that made no payment shows what it asked for: its payee,
                      invoice and amounts at the batch's rate. */}
                  <TableCell>
                    {payment?.payment_recipient.sName ??
                      asked.sPayeeName ??
                      t('payables.batchPage.unknownPayee')}
                    {(asked.sInvoiceName || (payment?.sConcept ?? asked.sConcept)) && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {asked.sInvoiceName
                          ? t('payables.batchPage.invoice', { invoice: asked.sInvoiceName })
                          : (payment?.sConcept ?? asked.sConcept)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {amountOrDash(payment?.dAmount ?? asked.dAmountMxn)}
                  </TableCell>
                  <TableCell align="right">
                    {amountOrDash(payment?.dAmountUsd ?? asked.dAmountUsd)}
                  </TableCell>
                  <TableCell
                    sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                    data-testid="batch-tracking-key"
                  >
                    {payment?.sTrackingKey ?? '—'}
                  </TableCell>
                  <TableCell>{payment && <PaymentStatusChip status={payment.sStatus} />}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {payment && (
                      <>
                        <Tooltip title={t('payments.receiptTooltip')}>
                          <span>
                            <IconButton
                              size="small"
                              aria-label={t('payables.batchPage.receipt', {
                                id: String(payment.iTrackingId),
                              })}
                              disabled={receipt.isPending}
                              onClick={() => receipt.mutate(payment)}
                            >
                              {receipt.isPending &&
                              receipt.variables.sPaymentId === payment.sPaymentId ? (
                                <CircularProgress size={20} />
                              ) : (
                                <ReceiptIcon />
                              )}
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip
                          title={t('payables.batchPage.proof', {
                            id: String(payment.iTrackingId),
                          })}
                        >
                          <IconButton
                            size="small"
                            component={RouterLink}
                            to={`/payments/${payment.sPaymentId}/spei`}
                            aria-label={t('payables.batchPage.proof', {
                              id: String(payment.iTrackingId),
                            })}
                          >
                            <VerifiedIcon />
                          </IconButton>
                        </Tooltip>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </SmallTable>
        </>
      )}
    </PageFrame>
  );
}

const amountOrDash = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : formatMoney(value);

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Box>
  );
}
