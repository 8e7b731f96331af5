import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import IconButton from '@mui/material/IconButton';
import { useContext, useState } from 'react';
import type { Invoice } from '../../../lib/finance/types';
import { isToPay } from '../invoice-math';
import { InvoiceCfdiDialog } from './invoice-cfdi-dialog';
import { BusyContext } from './invoice-row-busy';

export interface RowTexts {
  select: string;
  edit: string;
  delete: string;
  /** The badge of an overdue invoice. */
  overdue: string;
  /** Why the user cannot edit or delete (a VIEWER), shown on the disabled buttons. */
  blocked: string | undefined;
  supplierDeleted: string;
  supplierDeletedWhy: string;
  /** The mark of payments due a payment complement, and of a complement flagged. */
  complementDue: string;
  complementMismatch: string;
  /** Opens the invoice's CFDI: SAT status, credit notes, payment complements. */
  cfdi: string;
}

/**
 * The invoice's CFDI, at any status (a paid invoice's complements matter most), and edit and
 * delete of one invoice: To pay only, and not while the list is busy.
 */
export function InvoiceActions(props: {
  invoice: Invoice;
  texts: RowTexts;
  onEdit: (invoice: Invoice) => void;
  onDelete: (invoice: Invoice) => void;
}) {
  const busy = useContext(BusyContext);
  const [cfdiOpen, setCfdiOpen] = useState(false);
  const { invoice, texts } = props;
  const disabled = busy || !isToPay(invoice) || texts.blocked !== undefined;
  // A `title` on a wrapper instead of a MUI Tooltip per button: 200 tooltips cost more to
  // mount than the rest of the row, and the wrapper shows its hint on a disabled button too.
  return (
    <div className="actions">
      <span title={texts.cfdi}>
        <IconButton
          size="small"
          aria-label={`${texts.cfdi}: ${invoice.sInvoice}`}
          onClick={() => setCfdiOpen(true)}
        >
          <ReceiptLongIcon fontSize="small" />
        </IconButton>
      </span>
      <span title={texts.blocked ?? texts.edit}>
        <IconButton
          size="small"
          aria-label={`${texts.edit}: ${invoice.sInvoice}`}
          disabled={disabled}
          onClick={() => props.onEdit(invoice)}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </span>
      <span title={texts.blocked ?? texts.delete}>
        <IconButton
          size="small"
          color="error"
          aria-label={`${texts.delete}: ${invoice.sInvoice}`}
          disabled={disabled}
          onClick={() => props.onDelete(invoice)}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </span>
      {cfdiOpen && <InvoiceCfdiDialog invoice={invoice} onClose={() => setCfdiOpen(false)} />}
    </div>
  );
}
