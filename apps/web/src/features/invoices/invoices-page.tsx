import { maskAccount } from '@app/domain';
import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import SendIcon from '@mui/icons-material/Send';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isHeldForApproval } from '../../lib/api/held-for-approval';
import { DialogLoading } from '../../components/dialog-loading';
import { PageFrame } from '../../components/page-frame';
import { SpreadRow } from '../../components/spread-row';
import { WithReason } from '../../components/with-reason';
import { isQuoteError, notifyQuoteRefreshed } from '../../lib/finance/quote-errors';
import { excelDate, type ExcelColumn } from '../../lib/excel';
import {
  financeKeys,
  usePaymentRecipientsQuery,
  useStatusCatalogQuery,
} from '../../lib/finance/queries';
import type { Invoice, PaymentRecipient } from '../../lib/finance/types';
import { useWriteGuard } from '../../lib/team-role';
import type { InvoiceListFilter } from './api/invoices';
import {
  FIRST_INVOICES_VIEW,
  invoicesQueryOptions,
  useInvoiceMutations,
  useInvoicesQuery,
} from './api/invoices';
import { InvoicesExportButton } from './components/invoices-export-button';
import type { SpotQuote } from './components/money-dialog';
import type { InvoicesTablePage } from './components/invoices-table';
import { InvoicesTableSkeleton } from './components/invoices-table-skeleton';
import { RateCard, TotalGainCard } from './components/rate-card';
import { isToPay } from './invoice-math';
import type { InvoiceTableSort } from './invoice-sort';
import { toInvoiceSort } from './invoice-sort';
import { useStatusName } from './use-status-name';
import { LoadError } from '../../components/load-error';

// The table comes after the page's frame: the rate, the filters and the buttons paint first,
// over a skeleton of the table's size, and the table's rows mount in a task of their own.
const InvoicesTable = lazy(async () => ({
  default: (await import('./components/invoices-table')).InvoicesTable,
}));

// Each dialog is its own chunk (forms, zod, the date picker): fetched when the user points at
// its button, at the latest when it opens. The page's first load carries none of them.
const loadInvoiceForm = () => import('./components/invoice-form-dialog');
const loadCfdiImport = () => import('./components/cfdi-import-dialog');
const loadBatchPay = () => import('./components/batch-pay-invoices-dialog');
const loadPayInvoice = () => import('./components/pay-invoice-dialog');
const loadConversionType = () => import('./components/conversion-type-dialog');
const loadRateOrder = () => import('./components/rate-order-dialog');
const loadForex = () => import('./components/forex-dialog');
const loadForward = () => import('./components/forward-dialog');
/** The chooser leads to the forex or the forward dialog: pointing at it fetches all three. */
const loadConversion = () => Promise.all([loadConversionType(), loadForex(), loadForward()]);

const InvoiceFormDialog = lazy(async () => ({
  default: (await loadInvoiceForm()).InvoiceFormDialog,
}));
const CfdiImportDialog = lazy(async () => ({ default: (await loadCfdiImport()).CfdiImportDialog }));
const BatchPayInvoicesDialog = lazy(async () => ({
  default: (await loadBatchPay()).BatchPayInvoicesDialog,
}));
const PayInvoiceDialog = lazy(async () => ({ default: (await loadPayInvoice()).PayInvoiceDialog }));
const ConversionTypeDialog = lazy(async () => ({
  default: (await loadConversionType()).ConversionTypeDialog,
}));
const ForexDialog = lazy(async () => ({ default: (await loadForex()).ForexDialog }));
const ForwardDialog = lazy(async () => ({ default: (await loadForward()).ForwardDialog }));
const RateOrderDialog = lazy(async () => ({ default: (await loadRateOrder()).RateOrderDialog }));
const ConfirmDeleteInvoiceDialog = lazy(async () => ({
  default: (await import('./components/confirm-delete-invoice-dialog')).ConfirmDeleteInvoiceDialog,
}));

/** A button's handlers that fetch a dialog's chunk when the user points at it or tabs to it. */
function preloadOn(load: () => Promise<unknown>) {
  return { onPointerEnter: () => void load(), onFocus: () => void load() };
}

type DialogState =
  | {
      kind: 'pay' | 'chooser' | 'forex' | 'forward' | 'edit' | 'delete' | 'rateOrder';
      invoice: Invoice;
    }
  | { kind: 'create' }
  | { kind: 'cfdi' | 'batch' };

/**
 * The status filter's first option: every invoice with MXN still to assign (To pay and
 * Parcial), exactly what the dashboard's 'Invoices pending assignment' counts and links to
 * (`/invoices?status=pending`).
 */
const PENDING_ASSIGNMENT = 'pending';

/** The request of the table's list: its filter and order (page and limit apart). */
function listFilter(
  supplierId: string | undefined,
  statusId: string | undefined,
  sortModel: InvoiceTableSort | undefined,
): Omit<InvoiceListFilter, 'page' | 'limit'> {
  const status =
    statusId === PENDING_ASSIGNMENT ? { bPendingAssignment: true } : { sStatusId: statusId };
  return { sPaymentRecipientId: supplierId, ...status, ...toInvoiceSort(sortModel) };
}

const NO_QUOTE: SpotQuote = { rate: 0, reference: '', refreshing: true };

/**
 * /invoices, 'Facturas pendientes': the invoices whose rate is not locked yet, with today's
 * quote, and the three ways to act on one: pay now, convert now (forex), or a forward.
 * The table pages and sorts on the server (page/limit, sortBy/sortDirection), so 10,000
 * invoices cost one page per reload, and a sort orders all of them, not the page shown.
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const rateOrderBlocked = useWriteGuard('decide');
  const queryClient = useQueryClient();
  const statusName = useStatusName();
  const suppliers = usePaymentRecipientsQuery();
  const catalog = useStatusCatalogQuery();
  const navigate = useNavigate();

  const [supplierId, setSupplierId] = useState<string | undefined>();
  const [searchParams] = useSearchParams();
  const [statusId, setStatusId] = useState<string | undefined>(() =>
    searchParams.get('status') === PENDING_ASSIGNMENT
      ? PENDING_ASSIGNMENT
      : FIRST_INVOICES_VIEW.sStatusId,
  );
  const [pagination, setPagination] = useState<InvoicesTablePage>({
    page: 0,
    pageSize: FIRST_INVOICES_VIEW.pageSize,
  });
  const [sortModel, setSortModel] = useState<InvoiceTableSort | undefined>();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [dialog, setDialog] = useState<DialogState | undefined>();

  // The filter and order of the table: the export reads every page of it.
  const filter = useMemo(
    () => listFilter(supplierId, statusId, sortModel),
    [supplierId, statusId, sortModel],
  );
  const list = useInvoicesQuery({
    ...filter,
    page: pagination.page + 1,
    limit: pagination.pageSize,
  });
  // A change asks for the list it will show on the click itself: the request runs while
  // the page re-renders, and the table's query finds it in flight.
  const askEarly = (next: InvoiceListFilter) =>
    void queryClient.prefetchQuery(invoicesQueryOptions(next));
  const rows = useMemo(() => list.data?.invoices ?? [], [list.data]);
  const selected = rows.find((row) => row.sInvoiceId === selectedId && isToPay(row));
  const quote: SpotQuote = list.data
    ? {
        rate: list.data.exchangeRateToday,
        reference: list.data.exchangeRateTodayReference,
        refreshing: list.isFetching,
      }
    : NO_QUOTE;

  // At zero the list (and its quote) reloads, unless a dialog is open; each reload restarts it.
  const onQuoteZero = () => {
    if (!dialog) void list.refetch();
  };

  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: financeKeys.all });
  }, [queryClient]);

  // Cancel: the dialog closes and the list reloads; each form resets when it opens again.
  const { refetch } = list;
  const cancel = useCallback(() => {
    setDialog(undefined);
    void refetch();
  }, [refetch]);

  const done = useCallback(
    (message: string) => {
      setDialog(undefined);
      setSelectedId(undefined);
      reload();
      showSuccessToast(message);
    },
    [reload],
  );

  const failed = useCallback(
    (error: unknown) => {
      if (isQuoteError(error)) {
        reload();
        notifyQuoteRefreshed();
      } else {
        showErrorToast(error);
      }
    },
    [reload],
  );

  const { remove } = useInvoiceMutations();
  const confirmDelete = async (invoice: Invoice) => {
    try {
      await remove.mutateAsync(invoice.sInvoiceId);
      done(t('invoices.remove.done'));
    } catch (error) {
      showErrorToast(error);
    }
  };

  const onEdit = useCallback((invoice: Invoice) => setDialog({ kind: 'edit', invoice }), []);
  const onDelete = useCallback((invoice: Invoice) => setDialog({ kind: 'delete', invoice }), []);
  const onRateOrder = useCallback(
    (invoice: Invoice) => setDialog({ kind: 'rateOrder', invoice }),
    [],
  );

  /** A new filter or order shows its first page. */
  const changeFilter = (next: Omit<InvoiceListFilter, 'page' | 'limit'>, change: () => void) => {
    askEarly({ ...next, page: 1, limit: pagination.pageSize });
    change();
    setSelectedId(undefined);
    setPagination((current) => ({ ...current, page: 0 }));
  };

  // Parcial has its place too (partly assigned invoices), after 'Pending assignment'.
  const statusOptions = [
    { sStatusId: PENDING_ASSIGNMENT, sName: t('invoices.pendingAssignment') },
    ...(catalog.data?.invoiceStatuses ?? []),
  ];
  const supplierOptions = suppliers.data ?? [];

  const exportColumns = useMemo<ExcelColumn<Invoice>[]>(
    () => [
      { header: t('invoices.columns.supplier'), value: (row) => row.sName },
      {
        header: t('invoices.columns.purchaseDate'),
        value: (row) => excelDate(row.dPurchaseDate),
      },
      { header: t('invoices.columns.dueDate'), value: (row) => excelDate(row.dDueDate) },
      { header: t('invoices.columns.invoice'), value: (row) => row.sInvoice },
      { header: t('invoices.columns.status'), value: (row) => statusName(row.sStatusId) },
      { header: t('invoices.columns.totalMxn'), value: (row) => row.dTotalAmount },
      { header: t('invoices.columns.rateProtection'), value: (row) => row.dRateProtection },
      { header: t('invoices.columns.profitPercent'), value: (row) => row.dProfitPercentage },
      { header: t('invoices.columns.currencyGain'), value: (row) => row.dCurrencyGain },
    ],
    [t, statusName],
  );

  const moneyProps = { quote, onCancel: cancel, onDone: done, onFailed: failed };

  return (
    <PageFrame title={t('invoices.title')} subtitle={t('invoices.subtitle')}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 2,
          mb: 3,
          maxWidth: 760,
        }}
      >
        <RateCard
          rate={list.data?.exchangeRateToday}
          resetKey={list.dataUpdatedAt}
          onZero={onQuoteZero}
        />
        <TotalGainCard total={list.data?.totalProfit} />
      </Box>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <SpreadRow sx={{ mb: 2 }}>
          <Typography variant="h2">{t('invoices.toolbarTitle')}</Typography>
          <InvoicesExportButton
            filter={filter}
            columns={exportColumns}
            total={list.data?.total}
            disabled={!list.data}
          />
        </SpreadRow>

        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 2,
            mb: 2,
          }}
        >
          <Autocomplete<PaymentRecipient>
            options={supplierOptions}
            value={supplierOptions.find((s) => s.sPaymentRecipientId === supplierId) ?? null}
            onChange={(_event, supplier) =>
              changeFilter(listFilter(supplier?.sPaymentRecipientId, statusId, sortModel), () =>
                setSupplierId(supplier?.sPaymentRecipientId),
              )
            }
            getOptionLabel={(s) => `${s.sName} ${maskAccount(s.sAccountNumber)}`}
            isOptionEqualToValue={(a, b) => a.sPaymentRecipientId === b.sPaymentRecipientId}
            loading={suppliers.isPending}
            size="small"
            sx={{ width: { xs: '100%', sm: 300 } }}
            renderInput={(params) => (
              <TextField {...params} label={t('invoices.supplierFilter')} margin="none" />
            )}
          />
          <Autocomplete
            options={statusOptions}
            value={statusOptions.find((s) => s.sStatusId === statusId) ?? null}
            onChange={(_event, status) =>
              changeFilter(listFilter(supplierId, status?.sStatusId, sortModel), () =>
                setStatusId(status?.sStatusId),
              )
            }
            getOptionLabel={(s) => s.sName}
            isOptionEqualToValue={(a, b) => a.sStatusId === b.sStatusId}
            loading={catalog.isPending}
            size="small"
            sx={{ width: { xs: '100%', sm: 240 } }}
            renderInput={(params) => (
              <TextField {...params} label={t('invoices.statusFilter')} margin="none" />
            )}
          />
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <WithReason reason={writeBlocked}>
              <Button
                variant="outlined"
                startIcon={<AddIcon />}
                onClick={() => setDialog({ kind: 'create' })}
                {...preloadOn(loadInvoiceForm)}
              >
                {t('invoices.addInvoice')}
              </Button>
            </WithReason>
            <WithReason reason={writeBlocked}>
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                onClick={() => setDialog({ kind: 'cfdi' })}
                {...preloadOn(loadCfdiImport)}
              >
                {t('payables.cfdi.open')}
              </Button>
            </WithReason>
            <WithReason reason={writeBlocked}>
              <Button
                variant="outlined"
                startIcon={<PlaylistAddCheckIcon />}
                disabled={!list.data}
                onClick={() => setDialog({ kind: 'batch' })}
                {...preloadOn(loadBatchPay)}
              >
                {t('payables.batch.open')}
              </Button>
            </WithReason>
            <WithReason reason={writeBlocked}>
              <Button
                variant="contained"
                startIcon={<SendIcon />}
                disabled={!selected || !list.data}
                onClick={() => selected && setDialog({ kind: 'pay', invoice: selected })}
                {...preloadOn(loadPayInvoice)}
              >
                {t('invoices.pay')}
              </Button>
            </WithReason>
            <WithReason reason={writeBlocked}>
              <Button
                variant="contained"
                color="secondary"
                startIcon={<CurrencyExchangeIcon />}
                disabled={!selected || !list.data}
                onClick={() => selected && setDialog({ kind: 'chooser', invoice: selected })}
                {...preloadOn(loadConversion)}
              >
                {t('invoices.convert')}
              </Button>
            </WithReason>
            <WithReason reason={rateOrderBlocked}>
              <Button
                variant="outlined"
                startIcon={<AutorenewIcon />}
                disabled={!selected || !list.data}
                onClick={() => selected && onRateOrder(selected)}
                {...preloadOn(loadRateOrder)}
              >
                {t('invoices.rateOrder.action')}
              </Button>
            </WithReason>
          </Box>
        </Box>

        {list.isError && (
          <LoadError
            message={t('invoices.loadFailed')}
            retryLabel={t('invoices.retry')}
            onRetry={() => void list.refetch()}
            sx={{ mb: 2 }}
          />
        )}

        <Suspense fallback={<InvoicesTableSkeleton rows={list.data ? rows.length : undefined} />}>
          <InvoicesTable
            rows={rows}
            loading={list.isPending || list.isPlaceholderData}
            busy={list.isFetching}
            selectedId={selected?.sInvoiceId}
            onSelect={setSelectedId}
            paginationModel={pagination}
            onPaginationModelChange={(model) => {
              askEarly({ ...filter, page: model.page + 1, limit: model.pageSize });
              setSelectedId(undefined);
              setPagination(model);
            }}
            sortModel={sortModel}
            onSortModelChange={(model) =>
              changeFilter(listFilter(supplierId, statusId, model), () => setSortModel(model))
            }
            total={list.data?.total}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </Suspense>
      </Paper>

      {dialog && (
        <Suspense fallback={<DialogLoading />}>
          {dialog.kind === 'pay' && <PayInvoiceDialog invoice={dialog.invoice} {...moneyProps} />}
          {dialog.kind === 'chooser' && (
            <ConversionTypeDialog
              open
              onCancel={cancel}
              onContinue={(choice) => setDialog({ kind: choice, invoice: dialog.invoice })}
            />
          )}
          {dialog.kind === 'forex' && <ForexDialog invoice={dialog.invoice} {...moneyProps} />}
          {dialog.kind === 'forward' && <ForwardDialog invoice={dialog.invoice} {...moneyProps} />}
          {dialog.kind === 'rateOrder' && (
            <RateOrderDialog
              invoice={dialog.invoice}
              marketRate={quote.rate}
              onCancel={cancel}
              onDone={done}
              onFailed={failed}
            />
          )}
          {(dialog.kind === 'create' || dialog.kind === 'edit') && (
            <InvoiceFormDialog
              target={dialog.kind === 'create' ? 'create' : dialog.invoice}
              suppliers={supplierOptions}
              onCancel={cancel}
              onSaved={() => {
                setDialog(undefined);
                setSelectedId(undefined);
                reload();
              }}
            />
          )}
          {dialog.kind === 'cfdi' && (
            <CfdiImportDialog
              open
              onClose={cancel}
              onImported={() => {
                setDialog(undefined);
                reload();
              }}
            />
          )}
          {dialog.kind === 'batch' && (
            <BatchPayInvoicesDialog
              open
              quote={quote}
              onCancel={cancel}
              onFailed={failed}
              onPaid={(answer) => {
                setDialog(undefined);
                reload();
                if (isHeldForApproval(answer)) {
                  showSuccessToast(t('team.heldForApproval'));
                  return;
                }
                const { batch } = answer;
                const sent = batch.items.filter((item) => item.sStatus === 'SENT').length;
                showSuccessToast(
                  t('payables.batch.done', { sent: String(sent), count: batch.items.length }),
                );
                void navigate(`/payments/batches/${batch.sBatchId}`);
              }}
            />
          )}
          {dialog.kind === 'delete' && (
            <ConfirmDeleteInvoiceDialog
              invoice={dialog.invoice}
              busy={remove.isPending}
              onCancel={cancel}
              onConfirm={(invoice) => void confirmDelete(invoice)}
            />
          )}
        </Suspense>
      )}
    </PageFrame>
  );
}
