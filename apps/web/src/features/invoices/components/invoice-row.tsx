import type { Language } from '@app/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import TableRow from '@mui/material/TableRow';
import { memo } from 'react';
import type { Invoice } from '../../../lib/finance/types';
import { formatCompactDate } from '../../../components/compact-date-format';
import { formatDate, formatMoney } from '../../../lib/format';
import { formatPercent, formatRate, isOverdue, isPayable, isToPay } from '../invoice-math';
import type { rateOrderChip } from '../rate-order-view';
import { InvoiceActions, type RowTexts } from './invoice-row-actions';
import { SKELETON_ROWS } from './invoices-table-columns';
import { visuallyHidden } from '../../../components/visually-hidden';

/** A gain in green, a loss in red: plain spans styled once by the table. */
function Signed({ value, text }: { value: number; text: string }) {
  return <span className={value >= 0 ? 'signed-gain' : 'signed-loss'}>{text}</span>;
}

interface InvoiceRowProps {
  invoice: Invoice;
  index: number;
  selected: boolean;
  language: Language;
  statusName: string;
  /** Today on the company clock ('YYYY-MM-DD'): what an overdue invoice is due before. */
  today: string;
  texts: RowTexts;
  /** The rate order's chip, worked out by the table (it has the translations). */
  rateOrderChip: ReturnType<typeof rateOrderChip>;
  onSelect: (invoiceId: string | undefined) => void;
  onEdit: (invoice: Invoice) => void;
  onDelete: (invoice: Invoice) => void;
}

/**
 * One invoice. Memoized: a new selection re-renders two rows, a reload only the action
 * cells, and nothing else on the page (the countdown) re-renders any.
 */
export const InvoiceRow = memo(function InvoiceRow(props: InvoiceRowProps) {
  const { invoice, selected, language, texts } = props;
  const selectable = isPayable(invoice);
  const overdue = isOverdue(invoice, props.today);
  // Plain cells styled once by the table (see `tableStyles`): a MUI TableCell or Chip each
  // costs an emotion style pass, and a page has up to 1,100 cells.
  return (
    <TableRow hover selected={selected} data-rowindex={props.index}>
      <td className="cell select" data-field="select">
        <Checkbox
          size="small"
          checked={selected}
          disabled={!selectable}
          onChange={(event) =>
            props.onSelect(event.target.checked ? invoice.sInvoiceId : undefined)
          }
          slotProps={{ input: { 'aria-label': `${texts.select}: ${invoice.sInvoice}` } }}
        />
      </td>
      <td className="cell" data-field="sName" title={invoice.sName}>
        {invoice.sName}
      </td>
      <td
        className="cell"
        data-field="dPurchaseDate"
        title={formatDate(invoice.dPurchaseDate, language)}
      >
        {formatCompactDate(invoice.dPurchaseDate, language)}
      </td>
      <td
        className={overdue ? 'cell overdue' : 'cell'}
        data-field="dDueDate"
        title={formatDate(invoice.dDueDate, language)}
      >
        {formatCompactDate(invoice.dDueDate, language)}
        {overdue && (
          <>
            <br />
            <span className="overdue-badge" data-testid="overdue-badge">
              {texts.overdue}
            </span>
          </>
        )}
      </td>
      <td className="cell" data-field="sInvoice" title={invoice.sInvoice}>
        {invoice.sInvoice}
      </td>
      <td className="cell" data-field="sStatusId">
        {invoice.bSupplierDeleted ? (
          // In place of its status: nothing can pay it, and the title says why.
          <span
            className="status status-supplier-deleted"
            title={texts.supplierDeletedWhy}
            data-testid="supplier-deleted"
          >
            {texts.supplierDeleted}
          </span>
        ) : (
          <span className={isToPay(invoice) ? 'status status-to-pay' : 'status'}>
            {props.statusName}
          </span>
        )}
        {invoice.paymentComplements.iDue > 0 && (
          <span
            className="status complement-due"
            data-testid="complement-due"
            title={`${invoice.paymentComplements.iMismatched > 0 ? texts.complementMismatch : texts.complementDue}: ${formatMoney(invoice.paymentComplements.dDueAmount)} MXN`}
          >
            {' '}
            {invoice.paymentComplements.iMismatched > 0
              ? texts.complementMismatch
              : texts.complementDue}
            {invoice.paymentComplements.iDue > 1 ? ` (${invoice.paymentComplements.iDue})` : ''}
          </span>
        )}
      </td>
      <td className="cell" data-field="rateOrder">
        {props.rateOrderChip && (
          <span
            className={`rate-order rate-order-${props.rateOrderChip.tone}`}
            title={props.rateOrderChip.title}
            data-testid="rate-order-chip"
          >
            <span aria-hidden>{props.rateOrderChip.text}</span>
            <Box component="span" sx={visuallyHidden}>
              {props.rateOrderChip.title}
            </Box>
          </span>
        )}
      </td>
      <td className="cell numeric" data-field="dTotalAmount">
        {formatMoney(invoice.dTotalAmount)}
      </td>
      <td className="cell numeric" data-field="dRateProtection">
        {formatRate(invoice.dRateProtection)}
      </td>
      <td className="cell numeric" data-field="dProfitPercentage">
        <Signed value={invoice.dProfitPercentage} text={formatPercent(invoice.dProfitPercentage)} />
      </td>
      <td className="cell numeric" data-field="dCurrencyGain">
        <Signed value={invoice.dCurrencyGain} text={formatMoney(invoice.dCurrencyGain)} />
      </td>
      <td className="cell" data-field="actions">
        <InvoiceActions
          invoice={invoice}
          texts={texts}
          onEdit={props.onEdit}
          onDelete={props.onDelete}
        />
      </td>
    </TableRow>
  );
});

/** The first load: skeleton cells in the overlay's height, as the DataGrid showed. */
export function SkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <tr key={row} aria-hidden>
      {Array.from({ length: columns }, (_, column) => (
        <td key={column} className="cell skeleton">
          <Skeleton variant="text" />
        </td>
      ))}
    </tr>
  ));
}
