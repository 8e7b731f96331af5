import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  label: string;
  width: number;
  children: ReactNode;
}

/**
 * The side menu below 960 px: a temporary drawer over the page. Its own chunk (MUI's Modal,
 * Slide and Backdrop come with it), so a desktop's first load does not carry it.
 */
export function MobileMenu({ id, open, onClose, label, width, children }: MobileMenuProps) {
  return (
    <Drawer
      id={id}
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': label } }}
      sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width } }}
    >
      {children}
    </Drawer>
  );
}
