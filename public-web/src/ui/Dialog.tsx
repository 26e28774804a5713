import clsx from 'clsx';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** Text under the title, linked as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (right-aligned; stacked on phones). */
  footer?: ReactNode;
  /** `full`: the whole viewport (a chat gone full screen). */
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  /** What receives focus on open; by default the first field, else the first focusable control. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** role="alertdialog" for confirmations of destructive actions. */
  alert?: boolean;
  /** While true (a request in flight) Escape and an outside click do not close it. */
  busy?: boolean;
  className?: string;
  /** Replaces the body's own padding and scrolling (for a layout of its own, e.g. a chat with a side panel). */
  bodyClassName?: string;
}

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl', full: '' } as const;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
const FIELDS = 'input:not([disabled]):not([type="hidden"]):not([type="file"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"]';

/** Open dialogs, innermost last: only the innermost answers Escape. */
const stack: symbol[] = [];

/**
 * A modal dialog: role="dialog" with aria-modal, labelled by its title; focus moves inside on open,
 * Tab cycles within it, Escape or a click on the backdrop closes it, and focus returns to what had it.
 * Everything behind it is made inert (and hidden from assistive technology) while it is open.
 */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md', initialFocus, alert, busy, className, bodyClassName }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    if (!open) return;
    const token = Symbol('dialog');
    stack.push(token);
    const previouslyFocused = document.activeElement as HTMLElement | null;

    // Inert background: every other child of <body> that is not inert already.
    const container = containerRef.current;
    const changed: HTMLElement[] = [];
    for (const element of Array.from(document.body.children) as HTMLElement[]) {
      if (element === container || element.tagName === 'SCRIPT') continue;
      // Inside the app root only the shell goes inert: the toasts beside it stay live and are still read out.
      const target = element.querySelector<HTMLElement>('[data-app-shell]') ?? element;
      if (target.inert) continue;
      target.inert = true;
      target.setAttribute('aria-hidden', 'true');
      changed.push(target);
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const panel = panelRef.current;
    const target =
      initialFocus?.current ?? panel?.querySelector<HTMLElement>(FIELDS) ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    target?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        if (!busyRef.current) onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.tabIndex >= 0 && (el.offsetParent !== null || el === document.activeElement),
      );
      if (focusable.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      const index = stack.indexOf(token);
      if (index >= 0) stack.splice(index, 1);
      for (const element of changed) {
        element.inert = false;
        element.removeAttribute('aria-hidden');
      }
      document.body.style.overflow = overflow;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // initialFocus is read once, on open.
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div
      ref={containerRef}
      className={clsx(
        'fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-slate-900/50 p-0 backdrop-blur-[2px] sm:items-center',
        size !== 'full' && 'sm:p-6',
      )}
      onMouseDown={(event) => {
        // Only a press that starts and ends on the backdrop itself closes it (not a drag out of a field).
        if (event.target !== event.currentTarget) return;
        // No default focus move to <body>: focus goes back to the control that opened the dialog.
        event.preventDefault();
        if (!busyRef.current) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={clsx(
          'relative flex w-full flex-col bg-white shadow-xl outline-none animate-fade-in',
          size === 'full' ? 'h-dvh' : 'max-h-[92dvh] rounded-t-2xl sm:max-h-[88dvh] sm:rounded-2xl',
          widths[size],
          className,
        )}
      >
        <div className="flex items-start gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900 wrap-anywhere">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </div>
            )}
          </div>
          <button
            type="button"
            onClick={() => !busy && onClose()}
            className="-mr-1.5 rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <X className="size-5" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </button>
        </div>
        {/* Positioned, so that absolutely placed content (visually hidden labels) stays inside the body's scrolling and never widens the backdrop's. */}
        {children !== undefined && <div className={clsx('relative min-h-0 flex-1', bodyClassName ?? 'overflow-y-auto px-5 py-4 sm:px-6')}>{children}</div>}
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">{footer}</div>
        )}
      </div>
    </div>,
    document.body,
  );
}
