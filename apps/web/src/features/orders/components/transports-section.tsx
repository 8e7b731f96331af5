import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Transport } from '../api/orders';
import { SectionCard } from '../../../components/section-card';

/** The trucks the order was split into, by pallets, with each product's share. */
export function TransportsSection({ transports }: { transports: Transport[] }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('orders.detail.transportsTitle')} testId="transports">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {transports.map((transport) => (
          <Box component="li" key={transport.iNumber} sx={{ display: 'flex', gap: 1.5 }}>
            <LocalShippingIcon aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {t('orders.detail.truck', { number: String(transport.iNumber) })} ·{' '}
                {t('orders.detail.truckPallets', { count: transport.iPallets })}
              </Typography>
              {transport.lines.map((line) => (
                <Typography key={line.sLineId} variant="body2" color="text.secondary">
                  {line.sProductName}: {t('orders.detail.truckPallets', { count: line.iPallets })}
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
