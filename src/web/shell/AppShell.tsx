import { AppBar, Box, Toolbar, Typography } from '@mui/material';
import { Suspense, useState } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { Loading } from '../components/Loading';
import { lazyPage } from '../components/lazy-page';
import { useSession } from '../session/session';
import { useSite } from '../site/site-config';
import { DRAWER_WIDTH } from './drawer-width';
import { ScrollPlace } from './scroll-place';

const MenuDrawer = lazyPage(() => import('./MenuDrawer'), 'MenuDrawer');
const MenuButton = lazyPage(() => import('./MenuDrawer'), 'MenuButton');

/**
 * The one layout behind all four page shells (docs/product.md §1): app bar, side drawer with the menu of the
 * signed-in role (temporary on phones, permanent on desktops) and the page. Signed out, the public
 * pages need no menu: the drawer is loaded only for a signed-in user.
 */
export function AppShell() {
  const [open, setOpen] = useState(false);
  const { user, status } = useSession();
  const site = useSite();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {user ? (
            <Suspense fallback={<MenuButtonPlace />}>
              <MenuButton onClick={() => setOpen(true)} />
            </Suspense>
          ) : (
            status === 'loading' && <MenuButtonPlace />
          )}
          <Box
            component="img"
            src={site.favicon}
            alt=""
            sx={{ width: 28, height: 28, mr: 1.5, borderRadius: 1, bgcolor: 'primary.contrastText' }}
          />
          <Typography
            variant="h6"
            component={RouterLink}
            to="/"
            sx={{ color: 'inherit', textDecoration: 'none', flexGrow: 1 }}
          >
            {site.title}
          </Typography>
        </Toolbar>
      </AppBar>
      {user ? (
        <Suspense fallback={<MenuPlace />}>
          <MenuDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : (
        status === 'loading' && <MenuPlace />
      )}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 }, pb: 10, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
      <ScrollPlace />
    </Box>
  );
}

/**
 * The desktop menu's place, kept while the session (a stored token: almost surely signed in) or the
 * menu's chunk loads. Without it the page jumps 264 px right when the menu arrives: a layout shift of
 * 0.2 that cost the office's dashboard about 10 Lighthouse points (docs/performance.md).
 */
function MenuPlace() {
  return <Box aria-hidden sx={{ display: { xs: 'none', md: 'block' }, width: DRAWER_WIDTH, flexShrink: 0 }} />;
}

/** The phone's menu button's place (40 px, less the 12 px its edge="start" pulls back, plus 8 px after). */
function MenuButtonPlace() {
  return <Box aria-hidden sx={{ display: { xs: 'block', md: 'none' }, width: 36, flexShrink: 0 }} />;
}

/** The first Tab stop: jumps past the app bar and the menu to the page (WCAG 2.4.1). */
function SkipLink() {
  return (
    <Box
      component="a"
      href="#main-content"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (t) => t.zIndex.tooltip + 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        px: 2,
        py: 1,
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Box>
  );
}
