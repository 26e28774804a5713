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

/** Font sizes of the Size menu: the HTML <font size> values 1 to 7 (spec 1 section 5). */
export const FONT_SIZES = ['1', '2', '3', '4', '5', '6', '7'] as const;

const toolButton =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-pressed:bg-indigo-100 aria-pressed:text-indigo-700 disabled:opacity-50 disabled:hover:bg-transparent';

/** The writing area's box; the loading stand-in uses it too, so the page does not move when the editor arrives. */
export const editorArea = 'rich-text min-h-32 max-h-80 overflow-y-auto px-3 py-2.5 text-sm text-slate-900 outline-none';

export function editorFrame(invalid?: boolean): string {
  return clsx(
    'overflow-hidden rounded-lg border bg-white shadow-xs focus-within:ring-2',
    invalid ? 'border-red-400 focus-within:ring-red-500/25' : 'border-slate-300 focus-within:border-indigo-500 focus-within:ring-indigo-500/25',
  );
}

interface ToolbarProps {
  /** The editor's id: the toolbar controls it. */
  id: string;
  labelledBy: string;
  toolbarLabel?: string;
  /** Without them (the editor still loading) every control is shown disabled. */
  actions?: {
    active: Record<ToggleName, boolean>;
    toggle(name: ToggleName): void;
    addLink(): void;
    setFontSize(size: string): void;
  };
}

/**
 * Bold, italic, underline, the two lists, a link and the font size, each with the accessible name and
 * pressed state it had on the old editor. The toolbar is named by `toolbarLabel`, or else by the field's
 * own label followed by "formatting" ("Bio formatting", "Eligibility criteria formatting").
 */
export function RichTextToolbar({ id, labelledBy, toolbarLabel, actions }: ToolbarProps) {
  const suffixId = `${id}-formatting`;
  const name = toolbarLabel ? { 'aria-label': toolbarLabel } : { 'aria-labelledby': `${labelledBy} ${suffixId}` };
  const disabled = !actions;
  // Keep the editor's focus and selection: a click acts where the caret is.
  const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();
  return (
    <div role="toolbar" {...name} aria-controls={actions ? id : undefined} className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1">
      {!toolbarLabel && (
        <span id={suffixId} hidden>
          formatting
        </span>
      )}
      {TOGGLES.map(({ name: toggle, label, icon }) => (
        <button
          key={toggle}
          type="button"
          title={label}
          aria-label={label}
          aria-pressed={actions?.active[toggle] ?? false}
          disabled={disabled}
          className={toolButton}
          onMouseDown={keepFocus}
          onClick={() => actions?.toggle(toggle)}
        >
          {icon}
        </button>
      ))}
      <button type="button" title="Insert link" aria-label="Insert link" disabled={disabled} className={toolButton} onMouseDown={keepFocus} onClick={() => actions?.addLink()}>
        <Link2 className="size-4" aria-hidden="true" />
      </button>
      <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
      <label className="sr-only" htmlFor={`${id}-font-size`}>
        Font size (1 to 7)
      </label>
      <select
        id={`${id}-font-size`}
        // A menu of actions rather than a state: it shows "Size" again after each choice, as before.
        value=""
        title="Font size (1 to 7)"
        disabled={disabled}
        onChange={(event) => {
          const size = event.target.value;
          if ((FONT_SIZES as readonly string[]).includes(size)) actions?.setFontSize(size);
        }}
        className="h-8 rounded-md border-0 bg-transparent px-1.5 text-sm text-slate-700 hover:bg-slate-200/70 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50"
      >
        <option value="">Size</option>
        {FONT_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
