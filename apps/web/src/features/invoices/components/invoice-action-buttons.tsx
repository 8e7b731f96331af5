import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import SendIcon from '@mui/icons-material/Send';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { WithReason } from '../../../components/with-reason';
import type { Invoice } from '../../../lib/finance/types';
import { useWriteGuard } from '../../../lib/team-role';
import {
  loadBatchPay,
  loadCfdiImport,
  loadConversion,
  loadInvoiceForm,
  loadPayInvoice,
  loadRateOrder,
  preloadOn,
  type DialogState,
} from './invoice-dialog-loaders';

/**
 * What the user can do from the list: add or import invoices, pay a batch, and for the
 * selected invoice pay, convert or set a rate order. Each button fetches its dialog's code
 * when pointed at.
 */
export function InvoiceActionButtons({
  selected,
  loaded,
  setDialog,
}: {
  /** The selected To pay invoice, if any. */
  selected: Invoice | undefined;
  /** The list has answered (the dialogs need its quote). */
  loaded: boolean;
  setDialog: (dialog: DialogState) => void;
}) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const rateOrderBlocked = useWriteGuard('decide');
  return (
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
          disabled={!loaded}
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
          disabled={!selected || !loaded}
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
          disabled={!selected || !loaded}
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
          disabled={!selected || !loaded}
          onClick={() => selected && setDialog({ kind: 'rateOrder', invoice: selected })}
          {...preloadOn(loadRateOrder)}
        >
          {t('invoices.rateOrder.action')}
        </Button>
      </WithReason>
    </Box>
  );
}
