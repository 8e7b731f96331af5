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

/** The order's trade documents as PDFs in the interface language, for buyer and grower. */
export function DocumentsSection({ order, side }: { order: Order; side: OrderSide }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState<OrderDocumentKind | null>(null);

  const download = async (kind: OrderDocumentKind) => {
    setLoading(kind);
    try {
      const blob = await fetchOrderDocument(side, order.sOrderId, kind);
      downloadBlob(blob, `${t(`orders.documents.fileNames.${kind}`)}-${order.iTrackingId}.pdf`);
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
    </SectionCard>
  );
}
