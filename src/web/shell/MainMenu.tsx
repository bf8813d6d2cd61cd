import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Divider, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { isStaff, ROLE_LABELS } from '../../domain/roles';
import { useCurrentUser, useSession } from '../session/session';
import { useTerms } from '../site/site-config';
import { menuFor } from './menu';

/** The signed-in role's menu, the password and security links and Logout: inside either drawer. */
export function MainMenu({ onClose }: { onClose: () => void }) {
  const user = useCurrentUser();
  const { logout } = useSession();
  const terms = useTerms();
  const location = useLocation();
  const navigate = useNavigate();
  const items = menuFor(user.role, user.id, terms);

  return (
    <Box component="nav" aria-label="Main menu" sx={{ overflowY: 'auto' }}>
      <Box sx={{ px: 2, py: 1.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {user.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {ROLE_LABELS[user.role]} · {user.email}
        </Typography>
      </Box>
      <Divider />
      <List dense>
        {items.map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={item.to}
              selected={location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)}
              onClick={onClose}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Divider />
      <List dense>
        {isStaff(user.role) && (
          // A staff member's own profile: where they choose their mail about submissions.
          <ListItem disablePadding>
            <ListItemButton
              component={RouterLink}
              to={`/admin/user/${user.id}/profile`}
              selected={location.pathname === `/admin/user/${user.id}/profile`}
              onClick={onClose}
            >
              <ListItemText primary="My Profile" sx={{ pl: '36px' }} />
            </ListItemButton>
          </ListItem>
        )}
        <ListItem disablePadding>
          <ListItemButton
            component={RouterLink}
            to="/account/password"
            selected={location.pathname === '/account/password'}
            onClick={onClose}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LockResetIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Change Password" />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton
            component={RouterLink}
            to="/account/security"
            selected={location.pathname === '/account/security'}
            onClick={onClose}
          >
            <ListItemText primary="Account Security" sx={{ pl: '36px' }} />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton
            onClick={async () => {
              onClose();
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
    </Box>
  );
}
