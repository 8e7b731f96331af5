import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../api/orders';
import { SectionCard } from '../../../components/section-card';

function ContactLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}:
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Where the load is delivered, with the dock contact the carrier calls. */
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
      <Box component="dl" sx={{ m: 0, mt: 1.5, display: 'grid', gap: 0.25 }}>
        <ContactLine label={t('orders.warehouseContact.manager')}>{warehouse.sManager}</ContactLine>
        <ContactLine label={t('orders.warehouseContact.phone')}>
          <Link href={`tel:${warehouse.sPhone.replace(/[^\d+]/g, '')}`}>{warehouse.sPhone}</Link>
        </ContactLine>
        <ContactLine label={t('orders.warehouseContact.email')}>
          <Link href={`mailto:${warehouse.sEmail}`}>{warehouse.sEmail}</Link>
        </ContactLine>
        {warehouse.sNotes && (
          <ContactLine label={t('orders.warehouseContact.notes')}>{warehouse.sNotes}</ContactLine>
        )}
      </Box>
    </SectionCard>
  );
}
