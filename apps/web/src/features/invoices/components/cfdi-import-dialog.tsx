import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import {
  applyCfdiComplements,
  applyCfdiCreditNotes,
  importCfdiInvoices,
  parseCfdiFiles,
  type CfdiImportItem,
  type CfdiParseLine,
} from '../api/cfdi';
import { CFDI_MAX_BYTES, refusedCfdiLine } from '@app/domain';
import {
  CFDI_MAX_FILES,
  complementsOf,
  creditNotesOf,
  importItemsOf,
  type CfdiReviewLine,
  type CfdiRowInput,
} from '../cfdi-review';
import { BusyButton } from '../../../components/busy-button';
import { SmallTable } from '../../../components/small-table';
import { AppDialog } from '../../../components/app-dialog';
import { CfdiReviewRow } from './cfdi-review-row';

interface CfdiImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The invoices were created: the page reloads its list. */
  onImported: () => void;
}

const DEFAULT_INPUT: CfdiRowInput = { include: true, rate: '', credit: '30' };

/**
 * 'Import CFDI': the user drops or picks CFDI XML files; the server reads them (writing
 * nothing); the user reviews what will be created, fills in the protected rate and credit
 * period of each invoice and the CLABE of each new supplier, then confirms: every invoice
 * is created in one transaction.
 */
export function CfdiImportDialog(props: CfdiImportDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [lines, setLines] = useState<CfdiReviewLine[] | undefined>();
  const [inputs, setInputs] = useState<Record<string, CfdiRowInput>>({});
  const [clabes, setClabes] = useState<Record<string, string>>({});
  const [pickError, setPickError] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const [rateAll, setRateAll] = useState('');
  const [creditAll, setCreditAll] = useState('30');

  const reset = () => {
    setLines(undefined);
    setInputs({});
    setClabes({});
    setPickError(undefined);
    setRateAll('');
    setCreditAll('30');
  };

  const parse = useMutation({
    mutationFn: async (files: File[]) => {
      const tooLarge = files.filter((file) => file.size > CFDI_MAX_BYTES);
      const readable = files.filter((file) => file.size <= CFDI_MAX_BYTES);
      const sent = await Promise.all(
        readable.map(async (file) => ({ sFileName: file.name, sContent: await file.text() })),
      );
      const answer: CfdiReviewLine[] =
        sent.length > 0
          ? // The server answers one line per file, in the order sent.
            (await parseCfdiFiles(sent)).results.map((line, index) => ({
              ...line,
              sContent: sent[index]?.sContent,
            }))
          : [];
      // Files over 1 MB are not sent: they are refused here, as the server would.
      const refused: CfdiParseLine[] = tooLarge.map((file) => ({
        ...refusedCfdiLine(file.name),
        sReason: t('payables.cfdi.tooLarge'),
        sReasonCode: 'FILE_TOO_LARGE',
      }));
      return [...answer, ...refused];
    },
    meta: { errorToast: false },
    onSuccess: (results) => {
      setLines(results);
      const next: Record<string, CfdiRowInput> = {};
      for (const line of results) {
        if (line.sUuid) next[line.sUuid] = { ...DEFAULT_INPUT, include: line.sStatus === 'READY' };
      }
      setInputs(next);
    },
    onError: (error) => showErrorToast(error),
  });

  const save = useMutation({
    // Invoices first: a credit note or a complement may name an invoice of the same review.
    mutationFn: async (work: {
      items: CfdiImportItem[];
      creditNotes: string[];
      complements: string[];
    }) => {
      const imported = work.items.length > 0 ? (await importCfdiInvoices(work.items)).invoices : [];
      if (work.creditNotes.length > 0) await applyCfdiCreditNotes(work.creditNotes);
      const recorded =
        work.complements.length > 0
          ? (await applyCfdiComplements(work.complements)).complements
          : [];
      const mismatched = recorded.filter((complement) =>
        complement.aPayments.some((payment) => payment.sMatch === 'MISMATCH'),
      ).length;
      return {
        invoices: imported,
        creditNotes: work.creditNotes.length,
        complements: recorded.length,
        mismatched,
      };
    },
    meta: { errorToast: false },
    onSuccess: ({ invoices, creditNotes, complements, mismatched }) => {
      if (invoices.length > 0) {
        showSuccessToast(t('payables.cfdi.done', { count: invoices.length }));
      }
      if (creditNotes > 0) {
        showSuccessToast(t('payables.cfdi.creditNotesDone', { count: creditNotes }));
      }
      if (complements > 0) {
        showSuccessToast(
          mismatched > 0
            ? t('payables.cfdi.complementsFlagged', {
                count: complements,
                mismatched: String(mismatched),
              })
            : t('payables.cfdi.complementsDone', { count: complements }),
        );
      }
      reset();
      props.onImported();
    },
    onError: (error) => showErrorToast(error),
  });

  const pick = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    if (files.length > CFDI_MAX_FILES) {
      setPickError(t('payables.cfdi.tooMany'));
      return;
    }
    setPickError(undefined);
    parse.mutate(files);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files);
  };

  const onZoneKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      inputRef.current?.click();
    }
  };

  const close = () => {
    reset();
    props.onClose();
  };

  const setInput = (uuid: string, change: Partial<CfdiRowInput>) =>
    setInputs((current) => ({
      ...current,
      [uuid]: { ...(current[uuid] ?? DEFAULT_INPUT), ...change },
    }));

  const applyAll = () =>
    setInputs((current) =>
      Object.fromEntries(
        Object.entries(current).map(([uuid, input]) => [
          uuid,
          { ...input, rate: rateAll, credit: creditAll },
        ]),
      ),
    );

  const items = lines ? importItemsOf(lines, inputs, clabes) : undefined;
  const creditNotes = lines ? creditNotesOf(lines, inputs) : [];
  const complements = lines ? complementsOf(lines, inputs) : [];
  const fileCount = (items?.length ?? 0) + creditNotes.length + complements.length;
  const ready = (lines ?? []).filter((line) => line.sStatus === 'READY');
  const busy = parse.isPending || save.isPending;

  return (
    <AppDialog
      open={props.open}
      aria-labelledby={titleId}
      maxWidth="lg"
      fullWidth
      fullScreen={fullScreen}
      onClose={close}
      busy={busy}
    >
      <DialogTitle id={titleId}>{t('payables.cfdi.title')}</DialogTitle>
      <DialogContent>
        {!lines && (
          <>
            <Typography sx={{ mb: 2 }}>{t('payables.cfdi.intro')}</Typography>
            <Box
              role="button"
              tabIndex={0}
              aria-label={t('payables.cfdi.dropZone')}
              data-testid="cfdi-drop-zone"
              onKeyDown={onZoneKey}
              onClick={() => inputRef.current?.click()}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: dragging ? 'primary.main' : 'divider',
                bgcolor: dragging ? 'action.hover' : 'background.default',
                borderRadius: 2,
                p: { xs: 3, sm: 5 },
                textAlign: 'center',
                cursor: 'pointer',
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              {parse.isPending ? (
                <Box
                  sx={{ display: 'flex', gap: 2, justifyContent: 'center', alignItems: 'center' }}
                >
                  <CircularProgress size={24} />
                  <Typography>{t('payables.cfdi.reading')}</Typography>
                </Box>
              ) : (
                <>
                  <UploadFileIcon color="action" sx={{ fontSize: 40 }} />
                  <Typography sx={{ mt: 1 }}>{t('payables.cfdi.dropZone')}</Typography>
                </>
              )}
            </Box>
            <input
              ref={inputRef}
              type="file"
              accept=".xml,text/xml,application/xml"
              multiple
              hidden
              data-testid="cfdi-file-input"
              onChange={(event) => {
                pick(event.target.files);
                event.target.value = '';
              }}
            />
            <Box sx={{ mt: 2 }}>
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                onClick={() => inputRef.current?.click()}
                disabled={busy}
              >
                {t('payables.cfdi.choose')}
              </Button>
            </Box>
            {pickError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {pickError}
              </Alert>
            )}
          </>
        )}

        {lines && (
          <>
            <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
              {t('payables.cfdi.review')}
            </Typography>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('payables.cfdi.reviewHelp')}
            </Typography>
            {ready.length === 0 && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {t('payables.cfdi.nothingReady')}
              </Alert>
            )}
            {ready.length > 0 && (
              <Box
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}
              >
                <TextField
                  size="small"
                  label={t('payables.cfdi.rateAll')}
                  value={rateAll}
                  onChange={(event) => setRateAll(event.target.value)}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  sx={{ width: 190 }}
                />
                <TextField
                  size="small"
                  label={t('payables.cfdi.creditAll')}
                  value={creditAll}
                  onChange={(event) => setCreditAll(event.target.value)}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  sx={{ width: 190 }}
                />
                <Button variant="outlined" onClick={applyAll}>
                  {t('payables.cfdi.applyAll')}
                </Button>
              </Box>
            )}
            <SmallTable
              label={t('payables.cfdi.review')}
              frame="bordered"
              head={
                <>
                  <TableCell padding="checkbox">{t('payables.cfdi.columns.include')}</TableCell>
                  <TableCell>{t('payables.cfdi.columns.issuer')}</TableCell>
                  <TableCell>{t('payables.cfdi.columns.invoice')}</TableCell>
                  <TableCell align="right">{t('payables.cfdi.columns.total')}</TableCell>
                  <TableCell>{t('payables.cfdi.columns.supplier')}</TableCell>
                  <TableCell>{t('payables.cfdi.columns.rate')}</TableCell>
                  <TableCell>{t('payables.cfdi.columns.credit')}</TableCell>
                  <TableCell>{t('payables.cfdi.columns.status')}</TableCell>
                </>
              }
            >
              {lines.map((line, index) => {
                const uuid = line.sUuid ?? '';
                return (
                  <CfdiReviewRow
                    key={`${line.sFileName}-${index}`}
                    line={line}
                    input={inputs[uuid] ?? DEFAULT_INPUT}
                    clabes={clabes}
                    onInput={(change) => setInput(uuid, change)}
                    onClabe={(rfc, clabe) => setClabes((current) => ({ ...current, [rfc]: clabe }))}
                  />
                );
              })}
            </SmallTable>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {lines && (
          <Button onClick={reset} disabled={busy}>
            {t('payables.cfdi.back')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={close} disabled={busy}>
          {t('finance.cancel')}
        </Button>
        {lines && (
          <BusyButton
            busy={save.isPending}
            disabled={busy || !items || fileCount === 0}
            onClick={() => items && save.mutate({ items, creditNotes, complements })}
          >
            {t('payables.cfdi.confirm', { count: fileCount })}
          </BusyButton>
        )}
      </DialogActions>
    </AppDialog>
  );
}
