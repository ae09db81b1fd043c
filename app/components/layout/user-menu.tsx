import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Form, Link } from 'react-router';

/**
 * The menu button with the user's name (on a phone, their initials in a circle, the name still its label):
 * Orders and Logout. Follows the WAI-ARIA menu button pattern.
 */
export function UserMenu({ name, initials }: { name: string; initials: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function openAt(index: number) {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  }

  function onButtonKey(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(-1);
    }
  }

  function onMenuKey(event: KeyboardEvent) {
    const current = items().indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  const itemClass = 'menu-item';
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
        className="menu-button"
      >
        <span aria-hidden="true" className="initials md:hidden">
          {initials}
        </span>
        <span className="truncate max-md:sr-only">{name}</span>
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="shrink-0">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <ul
        ref={menu}
        id={`${id}-menu`}
        role="menu"
        aria-labelledby={`${id}-button`}
        hidden={!open}
        onKeyDown={onMenuKey}
        className="menu-list"
      >
        <li role="none">
          <Link role="menuitem" tabIndex={-1} to="/order" className={itemClass} onClick={() => setOpen(false)}>
            Orders
          </Link>
        </li>
        <li role="none">
          <Form method="post" action="/logout">
            <button role="menuitem" tabIndex={-1} type="submit" className={itemClass}>
              Logout
            </button>
          </Form>
        </li>
      </ul>
      {/* Without JavaScript the menu cannot open: its two entries are offered as they are. */}
      <noscript>
        <span className="inline-flex items-center gap-1">
          <Link to="/order" className="menu-fallback">
            Orders
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className="menu-fallback">
              Logout
            </button>
          </Form>
        </span>
      </noscript>
    </div>
  );
}
