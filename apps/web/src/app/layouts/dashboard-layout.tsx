import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Clock } from '../../components/clock';
import { LanguageSelect } from '../../components/language-select';
import { useLogout } from '../../features/auth/api/logout';
import { useSession } from '../../lib/session-store';
import { useTeamRole } from '../../lib/team-role';
import { whenIdle } from '../../lib/when-idle';
import { BrandLink } from './brand-link';
import { DashboardMenu } from './dashboard-menu';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

const DRAWER_WIDTH = 264;
const DRAWER_ID = 'dashboard-menu';

function DrawerContent({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('menu.label')}>
      <Toolbar sx={{ px: 2.5 }}>
        <BrandLink />
      </Toolbar>
      <DashboardMenu onNavigate={onNavigate} />
    </Box>
  );
}

/**
 * The finance dashboard shell: a permanent side menu from 960 px (theme `md`), a
 * temporary one behind the menu button below; a header with greeting, clock,
 * language and logout.
 */
export function DashboardLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const teamRole = useTeamRole();
  const logout = useLogout();
  const [mobileOpen, setMobileOpen] = useState(false);
  // The phone menu's code is fetched once the page has settled, or when first asked for.
  const [mobileMenuWanted, setMobileMenuWanted] = useState(false);
  useEffect(() => whenIdle(() => void loadMobileMenu().catch(() => undefined)), []);
  const [loggingOut, setLoggingOut] = useState(false);
  const { pathname } = useLocation();

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
    }
  };

  // The back office has no customer dashboard: its home is /operator.
  if (session?.user.sRole === 'operator' && pathname !== '/operator') {
    return <Navigate to="/operator" replace />;
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
          ml: { md: `${DRAWER_WIDTH}px` },
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          <IconButton
            edge="start"
            onClick={() => {
              setMobileMenuWanted(true);
              setMobileOpen(true);
            }}
            aria-label={t('nav.openMenu')}
            aria-controls={DRAWER_ID}
            aria-expanded={mobileOpen}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography
              data-testid="greeting"
              noWrap
              sx={{ fontWeight: 600, fontSize: { xs: '0.95rem', sm: '1.1rem' } }}
            >
              {t('header.greeting', { name: session?.user.sFullName ?? '' })}
            </Typography>
            <Clock sx={{ display: 'block', color: 'text.secondary', fontSize: '0.85rem' }} />
          </Box>
          {teamRole && (
            // Drawn like a small outlined chip without MUI's Chip (2.9 kB of the first load):
            // it is a label, nothing to click or delete.
            <Box
              component="span"
              data-testid="team-role"
              aria-label={t('team.roleLabel', { role: t(`team.roles.${teamRole}`) })}
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                height: 24,
                px: '7px',
                borderRadius: '16px',
                border: 1,
                borderColor: 'grey.400',
                fontSize: '0.8125rem',
                whiteSpace: 'nowrap',
              }}
            >
              {t(`team.roles.${teamRole}`)}
            </Box>
          )}
          <LanguageSelect />
          <Button
            onClick={onLogout}
            loading={loggingOut}
            aria-label={t('nav.logOut')}
            color="inherit"
            startIcon={<LogoutIcon />}
            sx={{
              minWidth: 0,
              '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
            }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('nav.logOut')}
            </Box>
          </Button>
        </Toolbar>
      </AppBar>

      {/* The docked sidebar's column carries its background down the whole page. */}
      <Box
        sx={{
          width: { md: DRAWER_WIDTH },
          flexShrink: { md: 0 },
          bgcolor: { md: 'background.paper' },
          borderRight: { md: 1 },
          borderColor: { md: 'divider' },
        }}
      >
        {mobileMenuWanted && (
          <Suspense fallback={null}>
            <MobileMenu
              id={DRAWER_ID}
              open={mobileOpen}
              onClose={() => setMobileOpen(false)}
              label={t('menu.label')}
              width={DRAWER_WIDTH}
            >
              <DrawerContent onNavigate={() => setMobileOpen(false)} />
            </MobileMenu>
          </Suspense>
        )}
        {/* From 960 px the menu is docked: a fixed column, as MUI's permanent drawer draws it. */}
        <Box
          sx={{
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            position: 'fixed',
            top: 0,
            left: 0,
            height: '100%',
            width: DRAWER_WIDTH,
            boxSizing: 'border-box',
            overflowY: 'auto',
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
            zIndex: (theme) => theme.zIndex.drawer,
          }}
        >
          <DrawerContent />
        </Box>
      </Box>

      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
          p: { xs: 2, sm: 3 },
          outline: 'none',
        }}
      >
        <Toolbar />
        {teamRole === 'VIEWER' && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="read-only-banner">
            {t('team.readOnly')}
          </Alert>
        )}
        <Outlet />
      </Box>
    </Box>
  );
}
