import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { Order, OrderSide } from '../api/orders';

/**
 * The order lines with the specification's fields (the table scrolls sideways inside its
 * own focusable region on narrow screens), then the fee rows and the totals. The grower
 * sees its goods only: freight, in/out and the fees are the buyer's, paid to the house.
 */
export function OrderLinesTable({ order, side = 'buyer' }: { order: Order; side?: OrderSide }) {
  const buyer = side === 'buyer';
  const { t } = useTranslation();
  const na = t('orders.notAvailable');
  const money = (value: number | string | null) => (value === null ? na : formatMoney(value));
  const headers = [
    t('orders.detail.lines.product'),
    t('orders.detail.lines.quantity'),
    t('orders.detail.lines.boxesPerPallet'),
    t('orders.detail.lines.unitPrice'),
    ...(buyer
      ? [
          t('orders.detail.lines.logisticCost'),
          t('orders.detail.lines.inOut'),
          t('orders.detail.lines.totalPerBox'),
          t('orders.detail.lines.total'),
        ]
      : []),
    t('orders.detail.lines.deliveredQuantity'),
    t('orders.detail.lines.deliveredUnitPrice'),
    ...(buyer
      ? [t('orders.detail.lines.finalPrice')]
      : [t('money.grower.goodsUsd'), t('money.grower.goodsMxn')]),
    t('orders.detail.lines.grower'),
  ];
  const lastColumn = headers.length;
  const goodsOf = (lineId: string) =>
    order.vendorMoney?.lines.find((line) => line.sLineId === lineId);
  return (
    <>
      <TableContainer
        role="region"
        aria-label={t('orders.detail.linesLabel')}
        tabIndex={0}
        sx={{ '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
      >
        <Table size="small" sx={{ minWidth: 1100 }} data-testid="order-lines">
          <TableHead>
            <TableRow>
              {headers.map((header, index) => (
                <TableCell
                  key={header}
                  align={index === 0 || index === lastColumn - 1 ? 'left' : 'right'}
                  sx={{ fontWeight: 600, lineHeight: 1.2, verticalAlign: 'bottom' }}
                >
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {order.lines.map((line) => (
              <TableRow key={line.sLineId}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, minWidth: 160 }}>
                  {line.sProductName}
                </TableCell>
                <TableCell align="right">{line.dQuantity}</TableCell>
                <TableCell align="right">{line.dBoxesPerPallet}</TableCell>
                <TableCell align="right">{money(line.dUnitPriceUSD)}</TableCell>
                {buyer && (
                  <>
                    <TableCell align="right">{money(line.sLogisticCost)}</TableCell>
                    <TableCell align="right">{money(line.dTotalInOutPerBox)}</TableCell>
                    <TableCell align="right">{money(line.sTotalPerBox)}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {money(line.sTotal)}
                    </TableCell>
                  </>
                )}
                <TableCell align="right">{line.dDeliveredQuantity ?? na}</TableCell>
                <TableCell align="right">{money(line.dDeliveredUnitPrice)}</TableCell>
                {buyer ? (
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {money(line.dFinalPrice)}
                  </TableCell>
                ) : (
                  <>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {money(goodsOf(line.sLineId)?.dGoodsUsd ?? null)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {money(goodsOf(line.sLineId)?.dGoodsMxn ?? null)}
                    </TableCell>
                  </>
                )}
                <TableCell sx={{ minWidth: 140 }}>{line.sName}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box
        component="dl"
        data-testid="order-totals"
        sx={{ m: 0, mt: 2, ml: 'auto', maxWidth: 520, display: 'grid', rowGap: 0.75 }}
      >
        {buyer ? (
          <>
            <TotalRow label={t('orders.detail.subtotal')} value={money(order.dSubtotal)} />
            {order.fees.map((fee) => (
              <TotalRow key={fee.sFeeId} label={fee.sFeeName} value={money(fee.dTotal)} />
            ))}
            <TotalRow label={t('orders.detail.orderTotal')} value={money(order.dTotal)} strong />
            {order.dFinalPrice !== null && (
              <TotalRow
                label={t('orders.detail.finalPrice')}
                value={money(order.dFinalPrice)}
                strong
              />
            )}
          </>
        ) : (
          <TotalRow
            label={t('money.grower.goodsUsd')}
            value={money(order.vendorMoney?.dGoodsUsd ?? null)}
            strong
          />
        )}
      </Box>
    </>
  );
}

/** A fee or total: its name, then the amount at the right. */
function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  const weight = strong ? 700 : 400;
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        borderTop: strong ? 1 : 0,
        borderColor: 'divider',
        pt: strong ? 0.75 : 0,
      }}
    >
      <Typography component="dt" sx={{ fontWeight: weight }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: weight, whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}
