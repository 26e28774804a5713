import clsx from 'clsx';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

export type MenuEntry =
  | { kind: 'link'; label: string; to: string; icon?: ReactNode; description?: string }
  | { kind: 'action'; label: string; onSelect(): void; icon?: ReactNode; tone?: 'danger' }
  | { kind: 'separator' };

interface MenuProps {
  /** The trigger's content. */
  button: ReactNode;
  /** The trigger's accessible name, when its content is not text (an avatar). */
  buttonLabel?: string;
  buttonClassName?: string;
  entries: MenuEntry[];
  /** Content above the items (not focusable by the arrow keys), such as the signed-in user's name. */
  header?: ReactNode;
  align?: 'left' | 'right';
  widthClassName?: string;
}

const itemClasses =
  'flex w-full items-start gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 outline-none ' +
  'hover:bg-slate-100 hover:text-slate-900 focus-visible:bg-indigo-50 focus-visible:text-indigo-700 focus:bg-slate-100';

/**
 * A menu button (WAI-ARIA pattern): the trigger has aria-haspopup and aria-expanded; opening focuses the
 * first item; ArrowUp/ArrowDown/Home/End move between items; Escape closes and returns focus to the
 * trigger; Tab, a click outside or a navigation closes it.
 */
export function Menu({ button, buttonLabel, buttonClassName, entries, header, align = 'right', widthClassName = 'w-64' }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const location = useLocation();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);

  const show = (focus: 'first' | 'last') => {
    setFocusOnOpen(focus);
    setOpen(true);
  };

  // Focus the first (or last) item once the menu is on screen.
  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen === 'last' ? list[list.length - 1] : list[0])?.focus();
  }, [open, focusOnOpen]);

  // A click or tap outside closes the menu without stealing focus from what was clicked.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // A navigation (by a menu link or otherwise) closes it.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      show('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      show('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={onButtonKeyDown}
        className={buttonClassName}
      >
        {button}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className={clsx(
            'absolute top-full z-50 mt-2 origin-top rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10 animate-fade-in',
            align === 'right' ? 'right-0' : 'left-0',
            widthClassName,
          )}
        >
          {header}
          {entries.map((entry, i) => {
            if (entry.kind === 'separator') return <div key={`sep-${i}`} role="separator" className="my-1.5 h-px bg-slate-200" />;
            // The description is the item's accessible description, not part of its name.
            const descriptionId = entry.kind === 'link' && entry.description ? `${id}-item-${i}-description` : undefined;
            const content = (
              <>
                {entry.icon && <span className="mt-0.5 shrink-0 text-slate-400">{entry.icon}</span>}
                <span className="min-w-0">
                  <span className="block font-medium">{entry.label}</span>
                  {descriptionId && (
                    <span id={descriptionId} aria-hidden="true" className="block text-xs font-normal text-slate-500">
                      {entry.kind === 'link' && entry.description}
                    </span>
                  )}
                </span>
              </>
            );
            if (entry.kind === 'link') {
              return (
                <Link
                  key={entry.to}
                  to={entry.to}
                  role="menuitem"
                  tabIndex={-1}
                  aria-describedby={descriptionId}
                  className={itemClasses}
                  onClick={() => close(false)}
                >
                  {content}
                </Link>
              );
            }
            return (
              <button
                key={entry.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={clsx(itemClasses, entry.tone === 'danger' && 'text-red-600 hover:text-red-700')}
                onClick={() => {
                  // Focus goes back to the trigger first, so a dialog the action opens returns it there.
                  close(true);
                  entry.onSelect();
                }}
              >
                {content}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
