import GavelIcon from '@mui/icons-material/Gavel';
import Button from '@mui/material/Button';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { TabbedPanel } from '../../components/tabbed-panel';
import { useSession } from '../../lib/session-store';
import { useOrdersQuery } from './api/orders';
import { OrdersGrid } from './components/orders-grid';
import type { OrderTab } from './order-tabs';
import { ORDER_PAGE_SIZES, ORDER_TABS, orderTabNumber, orderTabOfParam } from './order-tabs';

const FIRST_PAGE: GridPaginationModel = { page: 0, pageSize: ORDER_PAGE_SIZES[1] ?? 20 };

/** /order/tab/:num — in process (0), finalized (1), disputed (2). */
export function OrdersPage() {
  const { num } = useParams();
  const tab = orderTabOfParam(num);
  if (!tab) return <Navigate to="/order/tab/0" replace />;
  return <OrdersTabs key={tab} tab={tab} />;
}

function OrdersTabs({ tab }: { tab: OrderTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const side = useSession()?.user.sRole === 'vendor' ? 'vendor' : 'buyer';
  const [pagination, setPagination] = useState(FIRST_PAGE);
  const query = useOrdersQuery(side, tab, pagination.page + 1, pagination.pageSize);

  return (
    <PageFrame
      title={t('pages.orders')}
      subtitle={side === 'vendor' ? t('orders.subtitleVendor') : t('orders.subtitleBuyer')}
      actions={
        <Button component={RouterLink} to="/disputes/tab/0" startIcon={<GavelIcon />}>
          {t('orders.goToDisputes')}
        </Button>
      }
    >
      <TabbedPanel
        idPrefix="orders"
        tabs={ORDER_TABS}
        value={tab}
        labelOf={(value) => t(`orders.tabs.${value}`)}
        ariaLabel={t('orders.tabsLabel')}
        onChange={(next) => void navigate(`/order/tab/${orderTabNumber(next)}`)}
      >
        <OrdersGrid
          side={side}
          tab={tab}
          orders={query.data?.orders ?? []}
          total={query.data?.total ?? 0}
          loading={query.isPending || query.isPlaceholderData}
          pagination={pagination}
          onPaginationChange={setPagination}
        />
      </TabbedPanel>
    </PageFrame>
  );
}
