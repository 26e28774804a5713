import clsx from 'clsx';
import { Bold, Italic, Link2, List, ListOrdered, Underline } from 'lucide-react';
import type { ReactNode } from 'react';

/** The toolbar's toggles, in order; `name` is the Tiptap mark or node the button toggles. */
export type ToggleName = 'bold' | 'italic' | 'underline' | 'bulletList' | 'orderedList';

export const TOGGLES: { name: ToggleName; label: string; icon: ReactNode }[] = [
  { name: 'bold', label: 'Bold', icon: <Bold className="size-4" aria-hidden="true" /> },
  { name: 'italic', label: 'Italic', icon: <Italic className="size-4" aria-hidden="true" /> },
  { name: 'underline', label: 'Underline', icon: <Underline className="size-4" aria-hidden="true" /> },
  { name: 'bulletList', label: 'Bulleted list', icon: <List className="size-4" aria-hidden="true" /> },
  { name: 'orderedList', label: 'Numbered list', icon: <ListOrdered className="size-4" aria-hidden="true" /> },
];

export const LINK_ICON = <Link2 className="size-4" aria-hidden="true" />;

export const toolButton =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-pressed:bg-indigo-100 aria-pressed:text-indigo-700 disabled:opacity-50 disabled:hover:bg-transparent';

export const fontSizeSelect =
  'h-8 rounded-md border-0 bg-transparent px-1.5 text-sm text-slate-700 hover:bg-slate-200/70 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50';

export const toolbarRow = 'flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1';

/** The writing area's box; the loading placeholder uses it too, so the page does not move when the editor arrives. */
export const editorArea = 'rich-text min-h-32 max-h-80 overflow-y-auto px-3 py-2.5 text-sm text-slate-900 outline-none';

export function editorFrame(invalid?: boolean): string {
  return clsx(
    'overflow-hidden rounded-lg border bg-white shadow-xs focus-within:ring-2',
    invalid ? 'border-red-400 focus-within:ring-red-500/25' : 'border-slate-300 focus-within:border-indigo-500 focus-within:ring-indigo-500/25',
  );
}
