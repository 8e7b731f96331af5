import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet, useLocation } from 'react-router';
import { GrowerChecklistCard } from '../../features/profile/components/grower-checklist-card';
import { MarketplaceFooter } from './marketplace-footer';
import { MarketplaceTopBar } from './marketplace-top-bar';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** The shell of the landing, account and marketplace pages. */
export function MarketplaceLayout() {
  const { pathname } = useLocation();
  // A new grower's checklist shows on its home and profile pages until it is done.
  const checklist = pathname === '/home' || pathname.startsWith('/profile/');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <MarketplaceTopBar />
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        maxWidth="lg"
        sx={{ flexGrow: 1, py: { xs: 2, sm: 4 }, outline: 'none' }}
      >
        {checklist && <GrowerChecklistCard />}
        <Outlet />
      </Container>
      <MarketplaceFooter />
    </Box>
  );
}
