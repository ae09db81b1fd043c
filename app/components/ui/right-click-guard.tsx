import { useEffect } from 'react';
import { messages } from '../../../shared/messages.ts';
import { useNotify } from './notifications.tsx';

/** Blocks the context menu across the app, except inside text fields where people paste. */
export function RightClickGuard() {
  const notify = useNotify();
  useEffect(() => {
    const onContextMenu = (event: MouseEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input:not([type=radio],[type=checkbox]), textarea, [contenteditable="true"]')) return;
      event.preventDefault();
      notify('warning', messages.rightClickDisabled);
    };
    document.addEventListener('contextmenu', onContextMenu);
    return () => document.removeEventListener('contextmenu', onContextMenu);
  }, [notify]);
  return null;
}
