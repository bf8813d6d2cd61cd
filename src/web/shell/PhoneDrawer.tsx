import { Drawer, Toolbar } from '@mui/material';
import { MainMenu } from './MainMenu';

/** Phones: the menu slides in over the page; loaded the first time the menu button is pressed. */
export default function PhoneDrawer({ open, onClose, width }: { open: boolean; onClose: () => void; width: number }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{ '& .MuiDrawer-paper': { width } }}
    >
      <Toolbar />
      <MainMenu onClose={onClose} />
    </Drawer>
  );
}
