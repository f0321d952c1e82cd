import { useCallback, useRef } from 'react';

type Handler = (event: Event) => void;

/**
 * Focus goes back to the control that opened a dialog when it closes. Radix does this only for its own
 * Trigger; a dialog opened from state (a list row, a menu item, a button elsewhere) would drop focus to
 * the page body. When the dialog opens (`onOpenAutoFocus`, before Radix moves focus inside) the focused
 * element is the opener; on close (`onCloseAutoFocus`) focus returns there while it is still on the page.
 * A caller's own handlers run first and may prevent this (event.preventDefault()).
 */
export function useReturnFocus(
  onOpenAutoFocus?: Handler,
  onCloseAutoFocus?: Handler,
): { onOpenAutoFocus: Handler; onCloseAutoFocus: Handler } {
  const opener = useRef<Element | null>(null);
  const onOpen = useCallback(
    (event: Event) => {
      opener.current = document.activeElement;
      onOpenAutoFocus?.(event);
    },
    [onOpenAutoFocus],
  );
  const onClose = useCallback(
    (event: Event) => {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented) return;
      if (element instanceof HTMLElement && element.isConnected && element !== document.body) {
        event.preventDefault();
        element.focus({ preventScroll: true });
      }
    },
    [onCloseAutoFocus],
  );
  return { onOpenAutoFocus: onOpen, onCloseAutoFocus: onClose };
}
