import GavelIcon from '@mui/icons-material/Gavel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
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
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: OrderTab) => void navigate(`/order/tab/${orderTabNumber(next)}`)}
          aria-label={t('orders.tabsLabel')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {ORDER_TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`orders.tabs.${value}`)}
              id={`orders-tab-${value}`}
              aria-controls="orders-tabpanel"
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="orders-tabpanel" aria-labelledby={`orders-tab-${tab}`}>
        <OrdersGrid
          side={side}
          tab={tab}
          orders={query.data?.orders ?? []}
          total={query.data?.total ?? 0}
          loading={query.isPending || query.isPlaceholderData}
          pagination={pagination}
          onPaginationChange={setPagination}
        />
      </Box>
    </PageFrame>
  );
}
