import MenuIcon from '@mui/icons-material/Menu';
import { Box, IconButton, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { DRAWER_WIDTH } from './drawer-width';
import { MainMenu } from './MainMenu';

// MUI's Drawer brings its Modal and Slide: only a phone needs them, and only once the menu is opened.
const PhoneDrawer = lazy(() => import('./PhoneDrawer'));

/** Phones: the app bar's button that opens the menu. */
export function MenuButton({ onClick }: { onClick: () => void }) {
  const desktop = useMediaQuery(useTheme().breakpoints.up('md'));
  if (desktop) return null;
  return (
    <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={onClick} sx={{ mr: 1 }}>
      <MenuIcon />
    </IconButton>
  );
}

/**
 * The signed-in user's menu (docs/product.md §1): permanent on desktops, a temporary drawer on phones. Its
 * own chunk, loaded once someone is signed in, so the login page does not carry it.
 */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const desktop = useMediaQuery(useTheme().breakpoints.up('md'));
  // Once opened, the phone drawer stays mounted so it can slide out again.
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);

  if (!desktop) {
    return opened || open ? (
      <Suspense fallback={null}>
        <PhoneDrawer open={open} onClose={onClose} width={DRAWER_WIDTH} />
      </Suspense>
    ) : null;
  }
  // The permanent drawer's look (MUI Drawer variant="permanent") without its modal machinery.
  return (
    <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}>
      <Box
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          height: '100%',
          width: DRAWER_WIDTH,
          display: 'flex',
          flexDirection: 'column',
          overflowY: 'auto',
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          zIndex: (t) => t.zIndex.drawer,
        }}
      >
        <Toolbar />
        <MainMenu onClose={onClose} />
      </Box>
    </Box>
  );
}
