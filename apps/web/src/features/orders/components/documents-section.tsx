import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../lib/toast';
import { ORDER_DOCUMENT_KINDS, type OrderDocumentKind } from '@app/domain';
import { fetchOrderDocument } from '../api/order-documents';
import type { Order, OrderSide } from '../api/orders';
import { SectionCard } from '../../../components/section-card';
import { downloadBlob } from '../../../lib/files';

/** The documents a recorded delivery issues again (the bill of lading travels with the load). */
const REISSUED_KINDS = ['commercial-invoice', 'packing-list'] as const;

/** The order's trade documents as PDFs in the interface language, for buyer and grower. */
export function DocumentsSection({ order, side }: { order: Order; side: OrderSide }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState<string | null>(null);
  // A recorded delivery issues the commercial invoice and packing list again; the versions
  // as ordered stay downloadable, marked as replaced.
  const delivered = order.lines.some((line) => line.dDeliveredQuantity !== null);

  const download = async (kind: OrderDocumentKind, version?: 'ordered') => {
    setLoading(version ? `${kind}-${version}` : kind);
    try {
      const blob = await fetchOrderDocument(side, order.sOrderId, kind, version);
      const suffix = version ? `-${t('orders.documents.orderedSuffix')}` : '';
      downloadBlob(
        blob,
        `${t(`orders.documents.fileNames.${kind}`)}-${order.iTrackingId}${suffix}.pdf`,
      );
    } catch (error) {
      showErrorToast(error);
    } finally {
      setLoading(null);
    }
  };

  return (
    <SectionCard title={t('orders.documents.title')} testId="order-documents">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('orders.documents.intro')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {ORDER_DOCUMENT_KINDS.map((kind) => (
          <Button
            key={kind}
            variant="outlined"
            size="small"
            onClick={() => void download(kind)}
            disabled={loading !== null}
            aria-busy={loading === kind}
            startIcon={
              loading === kind ? (
                <CircularProgress size={16} aria-hidden />
              ) : (
                <DescriptionOutlinedIcon aria-hidden />
              )
            }
          >
            {t(`orders.documents.kinds.${kind}`)}
          </Button>
        ))}
      </Box>
      {delivered && (
        <Box sx={{ mt: 1.5 }} data-testid="order-documents-earlier">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('orders.documents.reissued')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {REISSUED_KINDS.map((kind) => (
              <Button
                key={kind}
                variant="text"
                size="small"
                onClick={() => void download(kind, 'ordered')}
                disabled={loading !== null}
                aria-busy={loading === `${kind}-ordered`}
              >
                {t('orders.documents.asOrdered', {
                  document: t(`orders.documents.kinds.${kind}`),
                })}
              </Button>
            ))}
          </Box>
        </Box>
      )}
    </SectionCard>
  );
}
