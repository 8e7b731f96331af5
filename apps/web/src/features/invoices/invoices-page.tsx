import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { SpreadRow } from '../../components/spread-row';
import { isQuoteError, notifyQuoteRefreshed } from '../../lib/finance/quote-errors';
import {
  financeKeys,
  usePaymentRecipientsQuery,
  useStatusCatalogQuery,
} from '../../lib/finance/queries';
import type { Invoice } from '../../lib/finance/types';
import type { InvoiceListFilter } from './api/invoices';
import {
  FIRST_INVOICES_VIEW,
  invoicesQueryOptions,
  useInvoiceMutations,
  useInvoicesQuery,
} from './api/invoices';
import { InvoiceActionButtons } from './components/invoice-action-buttons';
import type { DialogState } from './components/invoice-dialog-loaders';
import { InvoiceDialogs } from './components/invoice-dialogs';
import { InvoiceFilters } from './components/invoice-filters';
import { InvoicesExportButton } from './components/invoices-export-button';
import type { SpotQuote } from './components/money-dialog';
import type { InvoicesTablePage } from './components/invoices-table';
import { InvoicesTableSkeleton } from './components/invoices-table-skeleton';
import { RateCard, TotalGainCard } from './components/rate-card';
import { isPayable } from './invoice-math';
import type { InvoiceTableSort } from './invoice-sort';
import { toInvoiceSort } from './invoice-sort';
import { useInvoiceExportColumns } from './invoice-export-columns';
import { LoadError } from '../../components/load-error';

// The table comes after the page's frame: the rate, the filters and the buttons paint first,
// over a skeleton of the table's size, and the table's rows mount in a task of their own.
const InvoicesTable = lazy(async () => ({
  default: (await import('./components/invoices-table')).InvoicesTable,
}));

/**
 * The status filter's first option: every invoice with MXN still to assign (To pay and
 * Parcial), exactly what the dashboard's 'Invoices pending assignment' counts and links to
 * (`/invoices?status=pending`).
 */
const PENDING_ASSIGNMENT = 'pending';

/**
 * The invoices of a PPD CFDI with a payment whose payment complement has not been imported
 * (`/invoices?status=complement`, linked from the suppliers page).
 */
const COMPLEMENT_DUE = 'complement';

/** The request of the table's list: its filter and order (page and limit apart). */
function listFilter(
  supplierId: string | undefined,
  statusId: string | undefined,
  sortModel: InvoiceTableSort | undefined,
): Omit<InvoiceListFilter, 'page' | 'limit'> {
  const status =
    statusId === PENDING_ASSIGNMENT
      ? { bPendingAssignment: true }
      : statusId === COMPLEMENT_DUE
        ? { bComplementDue: true }
        : { sStatusId: statusId };
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
  const queryClient = useQueryClient();
  const suppliers = usePaymentRecipientsQuery();
  const catalog = useStatusCatalogQuery();

  const [supplierId, setSupplierId] = useState<string | undefined>();
  const [searchParams] = useSearchParams();
  const [statusId, setStatusId] = useState<string | undefined>(() => {
    const asked = searchParams.get('status');
    return asked === PENDING_ASSIGNMENT || asked === COMPLEMENT_DUE
      ? asked
      : FIRST_INVOICES_VIEW.sStatusId;
  });
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
  const selected = rows.find((row) => row.sInvoiceId === selectedId && isPayable(row));
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
    { sStatusId: COMPLEMENT_DUE, sName: t('invoices.complementDueFilter') },
    ...(catalog.data?.invoiceStatuses ?? []),
  ];
  const supplierOptions = suppliers.data ?? [];

  const exportColumns = useInvoiceExportColumns();

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
          <InvoiceFilters
            supplierOptions={supplierOptions}
            supplierId={supplierId}
            suppliersLoading={suppliers.isPending}
            onSupplierChange={(next) =>
              changeFilter(listFilter(next, statusId, sortModel), () => setSupplierId(next))
            }
            statusOptions={statusOptions}
            statusId={statusId}
            statusesLoading={catalog.isPending}
            onStatusChange={(next) =>
              changeFilter(listFilter(supplierId, next, sortModel), () => setStatusId(next))
            }
          />
          <Box sx={{ flexGrow: 1 }} />
          <InvoiceActionButtons
            selected={selected}
            loaded={Boolean(list.data)}
            setDialog={setDialog}
          />
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
        <InvoiceDialogs
          dialog={dialog}
          setDialog={setDialog}
          quote={quote}
          suppliers={supplierOptions}
          cancel={cancel}
          done={done}
          failed={failed}
          reload={reload}
          clearSelection={() => setSelectedId(undefined)}
          deleting={remove.isPending}
          confirmDelete={(invoice) => void confirmDelete(invoice)}
        />
      )}
    </PageFrame>
  );
}
