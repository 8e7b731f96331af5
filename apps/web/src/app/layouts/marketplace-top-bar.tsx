import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LanguageSelect } from '../../components/language-select';
import { useMenuButton } from '../../components/use-menu-button';
import { useLogout } from '../../features/auth/api/logout';
import { CartButton } from '../../features/cart/components/cart-button';
import { useSession } from '../../lib/session-store';
import { BrandLink } from './brand-link';
import { TopBarSearch } from './top-bar-search';

function AccountMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogout();
  const { close, buttonProps, menuProps } = useMenuButton('account-menu');
  if (!session) return null;
  const { user } = session;
  return (
    <>
      <IconButton {...buttonProps} aria-label={t('nav.account')} color="inherit">
        <AccountCircleIcon />
      </IconButton>
      <Menu {...menuProps}>
        <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 }, fontWeight: 600 }}>
          {user.sFullName}
        </MenuItem>
        <Divider />
        {user.sRole !== 'vendor' && (
          <MenuItem component={RouterLink} to="/exchange" onClick={close}>
            {t('nav.dashboard')}
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to="/profile/tab/0" onClick={close}>
          {t('nav.profile')}
        </MenuItem>
        <MenuItem component={RouterLink} to="/order/tab/0" onClick={close}>
          {t('nav.orders')}
        </MenuItem>
        {user.sRole !== 'vendor' && (
          <MenuItem component={RouterLink} to="/shopping-cart" onClick={close}>
            {t('nav.shoppingCart')}
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          {t('nav.logOut')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** Small screens: the catalogue and account links behind one menu button. */
function CompactNavMenu({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const { close, buttonProps, menuProps } = useMenuButton('compact-nav-menu');
  return (
    <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
      <IconButton {...buttonProps} aria-label={t('nav.openMenu')} color="inherit">
        <MenuIcon />
      </IconButton>
      <Menu {...menuProps}>
        <MenuItem component={RouterLink} to="/catalogs" onClick={close}>
          {t('nav.catalogue')}
        </MenuItem>
        <MenuItem component={RouterLink} to="/vendor" onClick={close}>
          {t('nav.vendors')}
        </MenuItem>
        {!loggedIn && <Divider />}
        {!loggedIn && (
          <MenuItem component={RouterLink} to="/login" onClick={close}>
            {t('nav.logIn')}
          </MenuItem>
        )}
        {!loggedIn && (
          <MenuItem component={RouterLink} to="/signin" onClick={close}>
            {t('nav.signUp')}
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}

/** The marketplace top bar: logo, catalogue, language, and log in / sign up or the account. */
export function MarketplaceTopBar() {
  const { t } = useTranslation();
  const session = useSession();
  const wide = { display: { xs: 'none', sm: 'inline-flex' } };
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: { xs: 1, sm: 1.5 } }}>
          <BrandLink compactOnPhone />
          <Box
            component="nav"
            aria-label={t('nav.mainNavigation')}
            sx={{ display: { xs: 'none', sm: 'flex' }, gap: 0.5, ml: 2 }}
          >
            <Button component={RouterLink} to="/catalogs" color="inherit">
              {t('nav.catalogue')}
            </Button>
            <Button component={RouterLink} to="/vendor" color="inherit">
              {t('nav.vendors')}
            </Button>
          </Box>
          <Box sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
            <Box sx={{ display: { xs: 'none', sm: 'block' }, width: '100%', maxWidth: 420, mx: 1 }}>
              <TopBarSearch id="top-bar-search" />
            </Box>
          </Box>
          <LanguageSelect />
          {session?.user.sRole === 'customer' && <CartButton />}
          {session ? (
            <AccountMenu />
          ) : (
            <>
              <Button component={RouterLink} to="/login" color="inherit" sx={wide}>
                {t('nav.logIn')}
              </Button>
              <Button component={RouterLink} to="/signin" variant="contained" sx={wide}>
                {t('nav.signUp')}
              </Button>
            </>
          )}
          <CompactNavMenu loggedIn={Boolean(session)} />
        </Toolbar>
        {/* Phones: the search gets its own row under the bar. */}
        <Box sx={{ display: { xs: 'block', sm: 'none' }, px: 2, pb: 1 }}>
          <TopBarSearch id="top-bar-search-compact" />
        </Box>
      </Container>
    </AppBar>
  );
}
