import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Order } from '../api/orders';
import { SectionCard } from './section-card';

/** Where the load is delivered. */
export function WarehouseSection({ warehouse }: { warehouse: Order['warehouse'] }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('orders.detail.warehouseTitle')}>
      <Typography sx={{ fontWeight: 600 }}>{warehouse.sName}</Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        component="address"
        sx={{ fontStyle: 'normal' }}
      >
        {warehouse.sAddress}
        <br />
        {warehouse.sCity}, {warehouse.sState} {warehouse.sPostalCode}
        <br />
        {warehouse.sCountry}
      </Typography>
    </SectionCard>
  );
}
