import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ROLE_LABELS } from '../../domain/roles';
import { useSession } from '../session/session';
import { useSite, useTerms } from '../site/site-config';
import { menuFor } from './menu';

const DRAWER_WIDTH = 264;

/**
 * The one layout behind all four page shells (SPEC.md §1): app bar, side drawer with the menu of the
 * signed-in role (temporary on phones, permanent on desktops) and the page.
 */
export function AppShell() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const { user, logout } = useSession();
  const site = useSite();
  const terms = useTerms();
  const location = useLocation();
  const navigate = useNavigate();
  const items = user ? menuFor(user.role, user.id, terms) : [];

  const drawer = (
    <Box component="nav" aria-label="Main menu" sx={{ overflowY: 'auto' }}>
      {user && (
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {user.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {ROLE_LABELS[user.role]} · {user.email}
          </Typography>
        </Box>
      )}
      <Divider />
      <List dense>
        {items.map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={item.to}
              selected={location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)}
              onClick={() => setOpen(false)}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
        {!user && (
          <ListItem disablePadding>
            <ListItemButton component={RouterLink} to="/login" onClick={() => setOpen(false)}>
              <ListItemText primary="Login" />
            </ListItemButton>
          </ListItem>
        )}
      </List>
      {user && (
        <>
          <Divider />
          <List dense>
            <ListItem disablePadding>
              <ListItemButton
                onClick={async () => {
                  setOpen(false);
                  await logout();
                  navigate('/login');
                }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <LogoutIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary="Logout" />
              </ListItemButton>
            </ListItem>
          </List>
        </>
      )}
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {!desktop && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open menu"
              onClick={() => setOpen(true)}
              sx={{ mr: 1 }}
            >
              <MenuIcon />
            </IconButton>
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
      {desktop ? (
        <Drawer
          variant="permanent"
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Toolbar />
          {drawer}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          <Toolbar />
          {drawer}
        </Drawer>
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 }, pb: 10 }}>
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
