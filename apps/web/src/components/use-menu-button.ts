import { useState, type MouseEvent } from 'react';

/**
 * A button that opens a menu: spread `buttonProps` on the button (it says it has a menu, and
 * whether that is open) and `menuProps` on the MUI Menu; an item calls `close` when chosen.
 */
export function useMenuButton(menuId: string) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return {
    close,
    buttonProps: {
      onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
      'aria-haspopup': 'menu' as const,
      'aria-controls': anchor ? menuId : undefined,
      'aria-expanded': Boolean(anchor),
    },
    menuProps: { id: menuId, anchorEl: anchor, open: Boolean(anchor), onClose: close },
  };
}
