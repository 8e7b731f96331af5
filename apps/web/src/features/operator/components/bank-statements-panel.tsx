import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { LoadError } from '../../../components/load-error';
import { SmallTable } from '../../../components/small-table';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import {
  assignEntry,
  bankStatementKeys,
  importStatement,
  rejectEntry,
  useUnmatchedQuery,
  type StatementImport,
  type UnmatchedEntry,
} from '../api/bank-statements';
import { operatorKeys, useEnterprisesQuery } from '../api/operator';
import { StatementReconciliation } from './statement-reconciliation';

type Decision = { entry: UnmatchedEntry; kind: 'assign' | 'reject' };

/**
 * Bank statements: upload a camt.053, camt.054 or BAI2 file (entries carrying a company's
 * deposit reference credit it by themselves), then work the credits that matched nobody:
 * assign each to a company or reject it with a reason.
 */
export function BankStatementsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [result, setResult] = useState<StatementImport | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(
    null,
  );
  const [decision, setDecision] = useState<Decision | null>(null);
  const unmatched = useUnmatchedQuery(true);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: bankStatementKeys.all });
    void queryClient.invalidateQueries({ queryKey: operatorKeys.all });
  };
  const upload = useMutation({
    mutationFn: async (file: File) =>
      importStatement({ sFileName: file.name, sContent: await file.text() }),
    meta: { errorToast: false },
    onSuccess: (answer) => {
      setResult(answer);
      setNotice(null);
    },
    onError: (error) => {
      setResult(null);
      setNotice({
        severity: 'error',
        text: isApiError(error) ? error.message : t('operator.statements.uploadFailed'),
      });
    },
    onSettled: () => {
      refresh();
      if (fileInput.current) fileInput.current.value = '';
    },
  });
  const entries = unmatched.data?.entries ?? [];

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('operator.statements.intro')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept=".xml,.txt,.bai,.bai2,text/xml,text/plain"
          hidden
          data-testid="statement-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
          }}
        />
        <Button
          variant="contained"
          disabled={upload.isPending}
          onClick={() => fileInput.current?.click()}
        >
          {t('operator.statements.upload')}
        </Button>
        {upload.isPending && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
            <CircularProgress size={20} />
            <Typography variant="body2">{t('operator.statements.uploading')}</Typography>
          </Box>
        )}
      </Box>
      {result && (
        <Alert severity="success" onClose={() => setResult(null)} data-testid="statement-result">
          {t('operator.statements.result', {
            file: result.sFileName,
            format: result.sFormat,
            matched: String(result.iMatched),
            unmatched: String(result.iUnmatched),
            already: String(result.iAlreadyImported),
            ignored: String(result.iIgnored),
          })}
        </Alert>
      )}
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <Typography variant="h6" component="h2">
        {t('operator.statements.queueTitle', { count: unmatched.data?.total ?? 0 })}
      </Typography>
      {unmatched.isError && (
        <LoadError
          message={t('operator.statements.loadFailed')}
          retryLabel={t('operator.retry')}
          onRetry={() => void unmatched.refetch()}
        />
      )}
      {unmatched.isPending ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }} role="status">
          <CircularProgress size={20} />
          <Typography variant="body2">{t('operator.statements.loading')}</Typography>
        </Box>
      ) : (
        <SmallTable
          label={t('operator.statements.tableLabel')}
          head={
            <>
              <TableCell>{t('operator.statements.columns.date')}</TableCell>
              <TableCell align="right">{t('operator.statements.columns.amount')}</TableCell>
              <TableCell>{t('operator.statements.columns.payer')}</TableCell>
              <TableCell>{t('operator.statements.columns.remittance')}</TableCell>
              <TableCell>{t('operator.statements.columns.reference')}</TableCell>
              <TableCell>{t('operator.statements.columns.action')}</TableCell>
            </>
          }
        >
          {entries.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>{t('operator.statements.empty')}</TableCell>
            </TableRow>
          )}
          {entries.map((entry) => (
            <TableRow key={entry.sEntryId} data-testid="unmatched-entry">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.dBookingDate ?? '—'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(entry.dAmount)} USD
              </TableCell>
              <TableCell>{entry.sDebtorName ?? '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                {entry.sRemittance || '—'}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {entry.sBankReference}
                <Typography variant="caption" color="text.secondary" component="div">
                  {entry.sFileName}
                </Typography>
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setDecision({ entry, kind: 'assign' })}
                    aria-label={t('operator.statements.assignFor', {
                      reference: entry.sBankReference,
                    })}
                  >
                    {t('operator.statements.assign')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDecision({ entry, kind: 'reject' })}
                    aria-label={t('operator.statements.rejectFor', {
                      reference: entry.sBankReference,
                    })}
                  >
                    {t('operator.statements.reject')}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
      <StatementReconciliation />
      <DecisionDialog
        decision={decision}
        onClose={() => setDecision(null)}
        onDone={(text) => {
          setNotice({ severity: 'success', text });
          setDecision(null);
          refresh();
        }}
      />
    </Stack>
  );
}

function DecisionDialog({
  decision,
  onClose,
  onDone,
}: {
  decision: Decision | null;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [enterpriseId, setEnterpriseId] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enterprises = useEnterprisesQuery(1, 200, decision?.kind === 'assign');
  const customers = (enterprises.data?.enterprises ?? []).filter(
    (enterprise) => enterprise.sType !== 'operator',
  );
  const decide = useMutation({
    mutationFn: async (current: Decision) =>
      current.kind === 'assign'
        ? assignEntry(current.entry.sEntryId, enterpriseId)
        : rejectEntry(current.entry.sEntryId, reason.trim()),
    meta: { errorToast: false },
    onSuccess: (_answer, current) => {
      const amount = formatMoney(current.entry.dAmount);
      const name = customers.find((item) => item.sEnterpriseId === enterpriseId)?.sName ?? '';
      onDone(
        current.kind === 'assign'
          ? t('operator.statements.assigned', { amount, name })
          : t('operator.statements.rejected', { amount }),
      );
      reset();
    },
    onError: (failure) => setError(isApiError(failure) ? failure.message : String(failure)),
  });
  function reset() {
    setEnterpriseId('');
    setReason('');
    setError(null);
  }
  function close() {
    reset();
    onClose();
  }
  const ready = decision?.kind === 'assign' ? enterpriseId !== '' : reason.trim().length >= 3;

  return (
    <AppDialog
      open={decision !== null}
      onClose={close}
      busy={decide.isPending}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (decision && ready) decide.mutate(decision);
        }}
      >
        <DialogTitle id={titleId}>
          {decision?.kind === 'assign'
            ? t('operator.statements.assignTitle')
            : t('operator.statements.rejectTitle')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {decision &&
              t('operator.statements.decisionText', {
                amount: formatMoney(decision.entry.dAmount),
                reference: decision.entry.sBankReference,
                remittance: decision.entry.sRemittance || '—',
              })}
          </DialogContentText>
          {decision?.kind === 'assign' ? (
            <TextField
              select
              fullWidth
              label={t('operator.statements.company')}
              value={enterpriseId}
              onChange={(event) => setEnterpriseId(event.target.value)}
              disabled={enterprises.isPending}
              helperText={enterprises.isPending ? t('operator.statements.loadingCompanies') : ' '}
            >
              {customers.map((enterprise) => (
                <MenuItem key={enterprise.sEnterpriseId} value={enterprise.sEnterpriseId}>
                  {enterprise.sName}
                  {enterprise.sDepositReference ? ` (${enterprise.sDepositReference})` : ''}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={t('operator.statements.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              helperText={t('operator.statements.reasonHelp')}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={decide.isPending}>
            {t('operator.statements.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={decision?.kind === 'reject' ? 'error' : 'primary'}
            disabled={!ready || decide.isPending}
          >
            {decision?.kind === 'assign'
              ? t('operator.statements.assignButton')
              : t('operator.statements.rejectButton')}
          </Button>
        </DialogActions>
      </Box>
    </AppDialog>
  );
}
