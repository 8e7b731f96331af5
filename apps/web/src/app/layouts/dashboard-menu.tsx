import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import GroupsIcon from '@mui/icons-material/Groups';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SavingsIcon from '@mui/icons-material/Savings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
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

type ItemKey =
  | 'exchange'
  | 'invoices'
  | 'forwards'
  | 'conversions'
  | 'payments'
  | 'suppliers'
  | 'statement'
  | 'income';

interface MenuItem {
  key: ItemKey;
  to: string;
  icon: ReactNode;
  /** Only /test (income history) is disabled (DESIGN §6). */
  disabled?: boolean;
}

const SECTIONS: { key: 'operations' | 'history' | 'wallets'; items: MenuItem[] }[] = [
  {
    key: 'operations',
    items: [
      { key: 'exchange', to: '/exchange', icon: <DashboardIcon /> },
      { key: 'invoices', to: '/invoices', icon: <ReceiptLongIcon /> },
      { key: 'forwards', to: '/forwards', icon: <EventRepeatIcon /> },
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
      { key: 'income', to: '/test', icon: <SavingsIcon />, disabled: true },
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
  const isOperator = useSession()?.user.sRole === 'operator';
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
      {SECTIONS.map((section, index) => (
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
          {section.items.map((item) => (
            <ListItem key={item.key} disablePadding>
              {item.disabled ? (
                <ListItemButton disabled sx={itemSx}>
                  <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
                  <ListItemText
                    primary={t(`menu.items.${item.key}`)}
                    secondary={t('menu.comingSoon')}
                  />
                </ListItemButton>
              ) : (
                <ListItemButton component={NavLink} to={item.to} onClick={onNavigate} sx={itemSx}>
                  <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
                  <ListItemText primary={t(`menu.items.${item.key}`)} />
                </ListItemButton>
              )}
            </ListItem>
          ))}
        </List>
      ))}
      <Divider sx={{ my: 1 }} />
      <List dense>
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
