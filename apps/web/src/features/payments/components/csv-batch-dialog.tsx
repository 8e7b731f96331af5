import { moneyToNumber, parseRate, usdForExactMxn } from '@app/domain';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isQuoteError } from '../../../lib/finance/quote-errors';
import {
  useDashboardQuery,
  useIdempotencyKey,
  usePaymentRecipientsQuery,
} from '../../../lib/finance/queries';
import { formatMoney } from '../../../lib/format';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { isHeldForApproval } from '../../../lib/api/held-for-approval';
import { postPaymentBatch, type PaymentBatch } from '../api/batches';
import {
  CSV_BATCH_TEMPLATE,
  readCsvBatch,
  type CsvBatchRow,
  type CsvFileError,
} from '../csv-batch';
import { downloadBlob } from '../../../lib/files';
import { BusyButton } from '../../../components/busy-button';
import { SmallTable } from '../../../components/small-table';
import { AppDialog } from '../../../components/app-dialog';

interface CsvBatchDialogProps {
  open: boolean;
  onClose: () => void;
  onPaid: (batch: PaymentBatch) => void;
}

/**
 * 'Batch from CSV': a file of payments (supplier RFC or id, MXN amount, concept) is read
 * and checked row by row in the browser; only a file without errors can be paid, in one
 * batch at today's quote, after a review of each payee and amount.
 */
export function CsvBatchDialog(props: CsvBatchDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const suppliers = usePaymentRecipientsQuery();
  const dashboard = useDashboardQuery();
  const [rows, setRows] = useState<CsvBatchRow[] | undefined>();
  const [fileError, setFileError] = useState<CsvFileError | undefined>();
  const ready =
    rows !== undefined && rows.length > 0 && rows.every((row) => row.errors.length === 0);
  const idempotencyKey = useIdempotencyKey(props.open && ready);
  const rate = dashboard.data?.exchangeRateToday ?? 0;
  const usdOf = (row: CsvBatchRow) =>
    row.amountCents !== undefined && rate > 0
      ? usdForExactMxn(row.amountCents, parseRate(rate))
      : 0n;
  const totalUsd = (rows ?? []).reduce((sum, row) => sum + usdOf(row), 0n);

  const reset = () => {
    setRows(undefined);
    setFileError(undefined);
  };

  const pay = useMutation({
    mutationFn: () =>
      postPaymentBatch(
        {
          sExchangeRateReference: dashboard.data?.exchangeRateTodayReference ?? '',
          items: (rows ?? []).map((row) => ({
            sPaymentRecipientId: row.supplier?.sPaymentRecipientId ?? '',
            dDesAmount: moneyToNumber(row.amountCents ?? 0n),
            comment: row.concept,
          })),
        },
        idempotencyKey,
      ),
    meta: { errorToast: false },
    onSuccess: (answer) => {
      reset();
      if (isHeldForApproval(answer)) {
        showSuccessToast(t('team.heldForApproval'));
        props.onClose();
        return;
      }
      props.onPaid(answer.batch);
    },
    onError: (error) => {
      if (isQuoteError(error)) {
        void dashboard.refetch();
      }
      showErrorToast(error);
    },
  });

  const read = async (file: File | undefined) => {
    if (!file) return;
    const result = readCsvBatch(await file.text(), suppliers.data ?? []);
    setRows(result.rows);
    setFileError(result.fileError);
  };

  const close = () => {
    reset();
    props.onClose();
  };

  return (
    <AppDialog
      open={props.open}
      onClose={close}
      busy={pay.isPending}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{t('payables.csv.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('payables.csv.intro')}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() =>
              downloadBlob(new Blob([CSV_BATCH_TEMPLATE], { type: 'text/csv' }), 'pagos-lote.csv')
            }
          >
            {t('payables.csv.template')}
          </Button>
          <Button
            variant="contained"
            startIcon={<UploadFileIcon />}
            disabled={suppliers.isPending || pay.isPending}
            onClick={() => inputRef.current?.click()}
          >
            {t('payables.csv.choose')}
          </Button>
          <input
            ref={inputRef}
            type="file"
            accept=".csv,text/csv"
            hidden
            data-testid="csv-file-input"
            onChange={(event) => {
              void read(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Box>
        {fileError && <Alert severity="error">{t(`payables.csv.errors.${fileError}`)}</Alert>}
        {rows && rows.length > 0 && (
          <>
            {!ready && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {t('payables.csv.fixRows')}
              </Alert>
            )}
            <SmallTable
              label={t('payables.csv.rows')}
              frame="bordered"
              head={
                <>
                  <TableCell>{t('payables.csv.row')}</TableCell>
                  <TableCell>{t('payables.csv.supplier')}</TableCell>
                  <TableCell align="right">{t('payables.csv.amount')}</TableCell>
                  <TableCell align="right">{t('payables.csv.usd')}</TableCell>
                  <TableCell>{t('payables.csv.concept')}</TableCell>
                  <TableCell>{t('payables.csv.check')}</TableCell>
                </>
              }
            >
              {rows.map((row) => (
                <TableRow key={row.line} data-testid="csv-row">
                  <TableCell>{row.line}</TableCell>
                  <TableCell>{row.supplier?.sName ?? row.supplierText}</TableCell>
                  <TableCell align="right">
                    {row.amountCents !== undefined
                      ? formatMoney(moneyToNumber(row.amountCents))
                      : row.amountText}
                  </TableCell>
                  <TableCell align="right">{formatMoney(moneyToNumber(usdOf(row)))}</TableCell>
                  <TableCell>{row.concept}</TableCell>
                  <TableCell sx={{ color: row.errors.length ? 'error.main' : 'success.main' }}>
                    {row.errors.length
                      ? row.errors.map((error) => t(`payables.csv.errors.${error}`)).join('; ')
                      : t('payables.csv.ok')}
                  </TableCell>
                </TableRow>
              ))}
            </SmallTable>
            {ready && (
              <Typography sx={{ mt: 2, fontWeight: 600 }}>
                {t('payables.csv.rate')}: {rate} MXN · {t('payables.csv.totalUsd')}:{' '}
                {formatMoney(moneyToNumber(totalUsd))} USD
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pay.isPending}>
          {t('finance.cancel')}
        </Button>
        <BusyButton
          busy={pay.isPending}
          disabled={!ready || pay.isPending || !dashboard.data || dashboard.isFetching}
          onClick={() => pay.mutate()}
        >
          {t('payables.csv.confirm', { count: rows?.length ?? 0 })}
        </BusyButton>
      </DialogActions>
    </AppDialog>
  );
}
