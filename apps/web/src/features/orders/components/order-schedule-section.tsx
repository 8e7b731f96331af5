import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/detail-list';
import { formatDateTime } from '../../../components/format-instant';
import { SectionCard } from '../../../components/section-card';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { Order, OrderSide } from '../api/orders';

type Step = Order['schedule']['steps'][number];

/**
 * When the order's money is taken: each payment, taken (when) or still due (when). The
 * buyer sees the amounts; the grower sees the dates only (the amounts carry the buyer's
 * fees), which tell it when the order can be prepared.
 */
export function OrderScheduleSection({ order, side }: { order: Order; side: OrderSide }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { schedule } = order;
  const buyer = side === 'buyer';
  const when = (step: Step): string => {
    if (step.bTaken && step.taken_at) {
      return t('money.schedule.takenOn', { time: formatDateTime(step.taken_at, language) });
    }
    if (step.dDueDate)
      return t('money.schedule.dueOn', { date: formatDate(step.dDueDate, language) });
    return buyer ? t('money.schedule.dueByTransfer') : t('money.schedule.dueByTransferGrower');
  };
  return (
    <SectionCard title={t('money.schedule.title')} testId="payment-schedule">
      <TableContainer>
        <Table size="small" aria-label={t('money.schedule.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('money.schedule.step')}</TableCell>
              {buyer && (
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {t('money.schedule.amount')}
                </TableCell>
              )}
              <TableCell sx={{ fontWeight: 600 }}>{t('money.schedule.when')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('money.schedule.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {schedule.steps.map((step) => (
              <TableRow key={step.sKind} data-testid={`schedule-${step.sKind}`}>
                <TableCell component="th" scope="row">
                  {t(`money.schedule.kinds.${step.sKind}`)}
                </TableCell>
                {buyer && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(step.dAmountUsd ?? 0)}
                  </TableCell>
                )}
                <TableCell>{when(step)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={step.bTaken ? 'success' : 'default'}
                    variant={step.bTaken ? 'filled' : 'outlined'}
                    label={step.bTaken ? t('money.schedule.taken') : t('money.schedule.due')}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {buyer && schedule.dTakenUsd !== null && schedule.dDueUsd !== null && (
        <Box sx={{ mt: 2 }}>
          <DetailList
            columns={2}
            items={[
              {
                label: t('money.schedule.takenTotal'),
                value: formatMoney(schedule.dTakenUsd),
                testId: 'schedule-taken',
              },
              {
                label: t('money.schedule.dueTotal'),
                value: formatMoney(schedule.dDueUsd),
                testId: 'schedule-due',
              },
            ]}
          />
        </Box>
      )}
    </SectionCard>
  );
}
