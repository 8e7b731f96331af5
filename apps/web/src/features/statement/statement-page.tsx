import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button';
import { PageFrame } from '../../components/page-frame';
import { AccountingExportSection } from './accounting-export-section';
import { excelDate, type ExcelColumn } from '../../lib/excel';
import { useLanguage } from '../../lib/i18n/i18n';
import { showSuccessToast } from '../../lib/toast';
import {
  getStatementPdf,
  getWholeStatement,
  useStatementQuery,
  type StatementCurrency,
} from './api/statement';
import { StatementFilters } from './components/statement-filters';
import { StatementGrid, type StatementGridPage } from './components/statement-grid';
import { StatementSummary } from './components/statement-summary';
import { useTypeLabel } from './components/use-type-label';
import { base64ToBlob, downloadBlob } from '../../lib/files';
import { defaultPeriod, periodErrors, type Period } from './statement-period';
import { statementExcelLines, statementRows, type StatementExcelLine } from './statement-rows';
import { LoadError } from '../../components/load-error';

export const STATEMENT_EXPORT_FILE = 'EstadoDeCuenta.xlsx';

const FIRST_PAGE: StatementGridPage = { page: 0, pageSize: 50 };

/** /statement, 'Estado de cuenta': the ledger of the USD or MXN available balance. */
export function StatementPage() {
  const { t } = useTranslation();
  // A new language reloads the statement: its descriptions come in the interface language.
  useLanguage();
  const typeLabel = useTypeLabel();
  const [currency, setCurrency] = useState<StatementCurrency>('USD');
  const [period, setPeriod] = useState<Period>(() => defaultPeriod());
  const [pagination, setPagination] = useState<StatementGridPage>(FIRST_PAGE);
  const check = periodErrors(period);
  const periodQuery = { currency, from: period.from, to: period.to };
  // The table asks the server for the page it shows: a year of movements is one page at a time.
  const statementQuery = useStatementQuery(
    { ...periodQuery, page: pagination.page + 1, limit: pagination.pageSize },
    check.ready,
  );
  // While a new period or page loads, the previous one stays as a placeholder, dimmed.
  const statement = check.ready ? statementQuery.data : undefined;
  const loading = check.ready && (statementQuery.isPending || statementQuery.isPlaceholderData);
  const rows = useMemo(() => statementRows(statement), [statement]);
  // Another currency or period starts at its first page.
  const changeCurrency = (next: StatementCurrency) => {
    setCurrency(next);
    setPagination((current) => ({ ...current, page: 0 }));
  };
  const changePeriod = (next: Period) => {
    setPeriod(next);
    setPagination((current) => ({ ...current, page: 0 }));
  };

  const pdf = useMutation({
    mutationFn: getStatementPdf,
    onSuccess: (data, asked) => {
      downloadBlob(
        base64ToBlob(data),
        `EstadoDeCuenta-${asked.currency}-${asked.from}-${asked.to}.pdf`,
      );
      showSuccessToast(t('finance.downloading'));
    },
  });

  const shownCurrency = statement?.sCurrency ?? currency;
  // The file holds every movement of the period, not only the page on screen.
  const readExcelLines = async () =>
    statementExcelLines(await getWholeStatement(periodQuery, statement?.total), {
      opening: t('statement.excelOpening'),
      closing: t('statement.excelClosing'),
      // The ISO day: the sheet writes it as an Excel date.
      date: (date) => date,
      type: typeLabel,
    });
  const excelColumns = useMemo<ExcelColumn<StatementExcelLine>[]>(
    () => [
      { header: t('statement.columns.date'), value: (line) => excelDate(line.date) },
      { header: t('statement.columns.description'), value: (line) => line.description },
      { header: t('statement.columns.type'), value: (line) => line.type },
      { header: t('statement.columns.reference'), value: (line) => line.reference },
      // The sheet names its currency on every amount column.
      { header: `${t('statement.columns.debit')} (${shownCurrency})`, value: (line) => line.debit },
      {
        header: `${t('statement.columns.credit')} (${shownCurrency})`,
        value: (line) => line.credit,
      },
      {
        header: `${t('statement.columns.balance')} (${shownCurrency})`,
        value: (line) => line.balance,
      },
    ],
    [t, shownCurrency],
  );
  const notReady = !statement || loading;

  return (
    <PageFrame title={t('statement.title')} subtitle={t('statement.subtitle')}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-end',
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <StatementFilters
            currency={currency}
            period={period}
            errors={check}
            onCurrencyChange={changeCurrency}
            onPeriodChange={changePeriod}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <ExportButton
              fileName={STATEMENT_EXPORT_FILE}
              columns={excelColumns}
              rows={readExcelLines}
              total={statement?.total}
              disabled={notReady}
            />
            <Button
              variant="outlined"
              startIcon={
                pdf.isPending ? (
                  <CircularProgress size={18} color="inherit" />
                ) : (
                  <PictureAsPdfIcon />
                )
              }
              onClick={() => pdf.mutate(periodQuery)}
              disabled={notReady || pdf.isPending}
            >
              {t('statement.downloadPdf')}
            </Button>
          </Box>
        </Box>
      </Paper>

      {statementQuery.isError && check.ready && (
        <LoadError
          message={t('statement.loadFailed')}
          retryLabel={t('statement.retry')}
          onRetry={() => void statementQuery.refetch()}
          sx={{ mb: 2 }}
        />
      )}

      <Box sx={{ opacity: loading && statement ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <StatementSummary statement={statement} currency={shownCurrency} loading={loading} />
      </Box>

      {statement?.truncated && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="statement-truncated">
          {t('statement.truncated')}
        </Alert>
      )}

      <Typography variant="h2" sx={{ mb: 1.5, mt: 1 }}>
        {t('statement.tableLabel')}
      </Typography>
      <StatementGrid
        rows={rows}
        loading={check.ready && loading}
        total={statement?.total ?? 0}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
      />
      {check.ready && <AccountingExportSection from={period.from} to={period.to} />}
    </PageFrame>
  );
}
