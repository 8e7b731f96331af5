import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import WebhookIcon from '@mui/icons-material/Webhook';
import SecurityIcon from '@mui/icons-material/Security';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SavingsIcon from '@mui/icons-material/Savings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TuneIcon from '@mui/icons-material/Tune';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../lib/session-store';
import { NOTIFICATIONS_TAB, WEBHOOKS_TAB } from '../../features/profile/profile-tabs';

type ItemKey =
  | 'exchange'
  | 'invoices'
  | 'forwards'
  | 'conversions'
  | 'payments'
  | 'suppliers'
  | 'statement'
  | 'income'
  | 'approvals'
  | 'team';

interface MenuItem {
  key: ItemKey;
  to: string;
  icon: ReactNode;
  /** Shown only to these roles (every role when absent). */
  roles?: ReadonlyArray<'customer' | 'vendor'>;
}

const SECTIONS: { key: 'operations' | 'history' | 'wallets'; items: MenuItem[] }[] = [
  {
    key: 'operations',
    items: [
      { key: 'exchange', to: '/exchange', icon: <DashboardIcon /> },
      { key: 'invoices', to: '/invoices', icon: <ReceiptLongIcon /> },
      { key: 'forwards', to: '/forwards', icon: <EventRepeatIcon /> },
      { key: 'approvals', to: '/approvals', icon: <FactCheckIcon /> },
    ],
  },
  {
    key: 'history',
    items: [
      { key: 'conversions', to: '/conversions', icon: <SwapHorizIcon /> },
      { key: 'payments', to: '/payments', icon: <PaymentsIcon /> },
    ],
  },
  {
    key: 'wallets',
    items: [
      { key: 'suppliers', to: '/suppliers', icon: <GroupsIcon /> },
      { key: 'statement', to: '/statement', icon: <AccountBalanceWalletIcon /> },
      { key: 'income', to: '/income', icon: <SavingsIcon />, roles: ['vendor'] },
      { key: 'team', to: '/team', icon: <TuneIcon /> },
    ],
  },
];

const itemSx = {
  borderRadius: 2,
  mx: 1,
  '&.active': {
    bgcolor: 'rgba(27, 94, 32, 0.12)',
    color: 'primary.dark',
    '& .MuiListItemIcon-root': { color: 'primary.dark' },
    '& .MuiListItemText-primary': { fontWeight: 600 },
  },
} as const;

/** The side menu of the finance dashboard, in the spec's three sections. */
export function DashboardMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const sessionUser = useSession()?.user;
  const role = sessionUser?.sRole;
  const isOperator = role === 'operator';
  return (
    <>
      {isOperator && (
        <List dense>
          <ListItem disablePadding>
            <ListItemButton component={NavLink} to="/operator" onClick={onNavigate} sx={itemSx}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <AdminPanelSettingsIcon />
              </ListItemIcon>
              <ListItemText primary={t('menu.items.operator')} />
            </ListItemButton>
          </ListItem>
        </List>
      )}
      {/* The back office has no customer money screens: only its own and the marketplace. */}
      {(isOperator ? [] : SECTIONS).map((section, index) => (
        <List
          key={section.key}
          dense
          aria-labelledby={`menu-section-${section.key}`}
          subheader={
            <ListSubheader
              id={`menu-section-${section.key}`}
              disableSticky
              sx={{ lineHeight: 2.5, mt: index === 0 ? 1 : 0, color: 'text.secondary' }}
            >
              {t(`menu.sections.${section.key}`)}
            </ListSubheader>
          }
        >
          {section.items
            .filter(
              (item) => !item.roles || (role !== undefined && item.roles.some((r) => r === role)),
            )
            .map((item) => (
              <ListItem key={item.key} disablePadding>
                <ListItemButton component={NavLink} to={item.to} onClick={onNavigate} sx={itemSx}>
                  <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
                  <ListItemText primary={t(`menu.items.${item.key}`)} />
                </ListItemButton>
              </ListItem>
            ))}
        </List>
      ))}
      <Divider sx={{ my: 1 }} />
      <List dense>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to="/security" onClick={onNavigate} sx={itemSx}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <SecurityIcon />
            </ListItemIcon>
            <ListItemText primary={t('menu.items.security')} />
          </ListItemButton>
        </ListItem>
        {/* The company settings a finance user needs, without going through the marketplace. */}
        <ListItem disablePadding>
          <ListItemButton
            component={NavLink}
            to={`/profile/tab/${NOTIFICATIONS_TAB.index}`}
            onClick={onNavigate}
            sx={itemSx}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <MailOutlineIcon />
            </ListItemIcon>
            <ListItemText primary={t('menu.items.notifications')} />
          </ListItemButton>
        </ListItem>
        {sessionUser?.isManager && (
          <ListItem disablePadding>
            <ListItemButton
              component={NavLink}
              to={`/profile/tab/${WEBHOOKS_TAB.index}`}
              onClick={onNavigate}
              sx={itemSx}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <WebhookIcon />
              </ListItemIcon>
              <ListItemText primary={t('menu.items.webhooks')} />
            </ListItemButton>
          </ListItem>
        )}
        {sessionUser?.isManager && (
          <ListItem disablePadding>
            <ListItemButton component={NavLink} to="/audit-log" onClick={onNavigate} sx={itemSx}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <HistoryIcon />
              </ListItemIcon>
              <ListItemText primary={t('menu.items.auditLog')} />
            </ListItemButton>
          </ListItem>
        )}
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to="/home" end onClick={onNavigate} sx={itemSx}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <StorefrontIcon />
            </ListItemIcon>
            <ListItemText primary={t('nav.marketplace')} />
          </ListItemButton>
        </ListItem>
      </List>
    </>
  );
}
