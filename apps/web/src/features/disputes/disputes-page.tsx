import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Button from '@mui/material/Button';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { TabbedPanel } from '../../components/tabbed-panel';
import { useSession } from '../../lib/session-store';
import { useDisputesQuery } from './api/disputes';
import { DisputesGrid } from './components/disputes-grid';
import type { DisputeTab } from './dispute-tabs';
import {
  DISPUTE_PAGE_SIZES,
  DISPUTE_TABS,
  disputeTabNumber,
  disputeTabOfParam,
} from './dispute-tabs';

const FIRST_PAGE: GridPaginationModel = { page: 0, pageSize: DISPUTE_PAGE_SIZES[1] ?? 20 };

/** /disputes/tab/:num — in process (0) and finalized (1). */
export function DisputesPage() {
  const { num } = useParams();
  const tab = disputeTabOfParam(num);
  if (!tab) return <Navigate to="/disputes/tab/0" replace />;
  return <DisputesTabs key={tab} tab={tab} />;
}

function DisputesTabs({ tab }: { tab: DisputeTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const vendor = useSession()?.user.sRole === 'vendor';
  const [pagination, setPagination] = useState(FIRST_PAGE);
  const query = useDisputesQuery(tab, pagination.page + 1, pagination.pageSize);

  return (
    <PageFrame
      title={t('pages.disputes')}
      subtitle={vendor ? t('disputes.subtitleVendor') : t('disputes.subtitleBuyer')}
      actions={
        <Button component={RouterLink} to="/order/tab/0" startIcon={<ReceiptLongIcon />}>
          {t('disputes.goToOrders')}
        </Button>
      }
    >
      <TabbedPanel
        idPrefix="disputes"
        tabs={DISPUTE_TABS}
        value={tab}
        labelOf={(value) => t(`disputes.tabs.${value}`)}
        ariaLabel={t('disputes.tabsLabel')}
        onChange={(next) => void navigate(`/disputes/tab/${disputeTabNumber(next)}`)}
      >
        <DisputesGrid
          vendor={vendor}
          tab={tab}
          disputes={query.data?.disputes ?? []}
          total={query.data?.total ?? 0}
          loading={query.isPending || query.isPlaceholderData}
          pagination={pagination}
          onPaginationChange={setPagination}
        />
      </TabbedPanel>
    </PageFrame>
  );
}
