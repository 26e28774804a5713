import clsx from 'clsx';
import { Bold, Italic, Link2, List, ListOrdered, Underline } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type ReactNode } from 'react';
import { sanitizePastedHtml } from './sanitizePaste';

interface RichTextEditorProps {
  id: string;
  /** The id of the visible label. */
  labelledBy: string;
  /** The HTML the editor starts from; it is read again whenever resetKey changes (Cancel). */
  initialHtml: string;
  resetKey: number;
  onChange(html: string): void;
  invalid?: boolean;
  describedBy?: string;
  /** Shown while the editor is empty. */
  placeholder?: string;
  /** The toolbar's accessible name. */
  toolbarLabel?: string;
}

type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList';

const COMMANDS: { command: Command; label: string; icon: ReactNode }[] = [
  { command: 'bold', label: 'Bold', icon: <Bold className="size-4" aria-hidden="true" /> },
  { command: 'italic', label: 'Italic', icon: <Italic className="size-4" aria-hidden="true" /> },
  { command: 'underline', label: 'Underline', icon: <Underline className="size-4" aria-hidden="true" /> },
  { command: 'insertUnorderedList', label: 'Bulleted list', icon: <List className="size-4" aria-hidden="true" /> },
  { command: 'insertOrderedList', label: 'Numbered list', icon: <ListOrdered className="size-4" aria-hidden="true" /> },
];

/** Font sizes of the browser's fontSize command: 1 to 7 (spec section 5). */
const FONT_SIZES = ['1', '2', '3', '4', '5', '6', '7'] as const;

const toolButton =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-pressed:bg-indigo-100 aria-pressed:text-indigo-700';

/**
 * A small rich-text editor (contentEditable + document.execCommand): bold, italic, underline, lists,
 * links and font size 1-7. Pasted HTML is cleaned (sanitizePastedHtml); the server sanitises on save.
 */
export function RichTextEditor({ id, labelledBy, initialHtml, resetKey, onChange, invalid, describedBy, placeholder = 'Tell people about yourself', toolbarLabel = 'Bio formatting' }: RichTextEditorProps) {
  const editorRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<Partial<Record<Command, boolean>>>({});
  const [fontSize, setFontSize] = useState('');

  // Fill the editor on mount and on every reset; in between the DOM is the source of truth.
  useEffect(() => {
    if (editorRef.current) editorRef.current.innerHTML = initialHtml;
  }, [resetKey]);

  const emit = useCallback(() => {
    if (editorRef.current) onChange(editorRef.current.innerHTML);
  }, [onChange]);

  const refreshState = useCallback(() => {
    const editor = editorRef.current;
    const selection = document.getSelection();
    if (!editor || !selection || selection.rangeCount === 0 || !editor.contains(selection.anchorNode)) return;
    savedRange.current = selection.getRangeAt(0).cloneRange();
    const next: Partial<Record<Command, boolean>> = {};
    for (const { command } of COMMANDS) {
      try {
        next[command] = document.queryCommandState(command);
      } catch {
        next[command] = false;
      }
    }
    setActive(next);
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refreshState);
    return () => document.removeEventListener('selectionchange', refreshState);
  }, [refreshState]);

  /** Puts focus and the last selection back in the editor, so a command applies where the user was. */
  const restoreSelection = () => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.focus();
    const range = savedRange.current;
    if (range && editor.contains(range.commonAncestorContainer)) {
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }
  };

  const exec = (command: string, value?: string) => {
    restoreSelection();
    document.execCommand('styleWithCSS', false, 'false');
    document.execCommand(command, false, value);
    emit();
    refreshState();
  };

  const addLink = () => {
    const answer = window.prompt('Enter the link URL (https://...)');
    if (!answer?.trim()) {
      restoreSelection();
      return;
    }
    const raw = answer.trim();
    const url = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
    if (!/^(https?:|mailto:)/i.test(url)) {
      restoreSelection();
      return;
    }
    restoreSelection();
    const selection = document.getSelection();
    if (selection && selection.isCollapsed) {
      // No text selected: insert the address itself as the link's text.
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.textContent = raw;
      exec('insertHTML', anchor.outerHTML);
    } else {
      exec('createLink', url);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    if (html) document.execCommand('insertHTML', false, sanitizePastedHtml(html));
    else document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
    emit();
  };

  return (
    <div
      className={clsx(
        'overflow-hidden rounded-lg border bg-white shadow-xs focus-within:ring-2',
        invalid ? 'border-red-400 focus-within:ring-red-500/25' : 'border-slate-300 focus-within:border-indigo-500 focus-within:ring-indigo-500/25',
      )}
    >
      <div role="toolbar" aria-label={toolbarLabel} aria-controls={id} className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1">
        {COMMANDS.map(({ command, label, icon }) => (
          <button
            key={command}
            type="button"
            title={label}
            aria-label={label}
            aria-pressed={Boolean(active[command])}
            className={toolButton}
            // Keep the editor's selection: act on mouse down without taking focus.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => exec(command)}
          >
            {icon}
          </button>
        ))}
        <button type="button" title="Insert link" aria-label="Insert link" className={toolButton} onMouseDown={(e) => e.preventDefault()} onClick={addLink}>
          <Link2 className="size-4" aria-hidden="true" />
        </button>
        <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
        <label className="sr-only" htmlFor={`${id}-font-size`}>
          Font size (1 to 7)
        </label>
        <select
          id={`${id}-font-size`}
          value={fontSize}
          title="Font size (1 to 7)"
          onChange={(event) => {
            const size = event.target.value;
            setFontSize('');
            if ((FONT_SIZES as readonly string[]).includes(size)) exec('fontSize', size);
          }}
          className="h-8 rounded-md border-0 bg-transparent px-1.5 text-sm text-slate-700 hover:bg-slate-200/70 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <option value="">Size</option>
          {FONT_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <div
        ref={editorRef}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        contentEditable
        suppressContentEditableWarning
        data-placeholder={placeholder}
        spellCheck
        onInput={emit}
        onBlur={emit}
        onPaste={onPaste}
        onKeyUp={refreshState}
        onMouseUp={refreshState}
        className="rich-text min-h-32 max-h-80 overflow-y-auto px-3 py-2.5 text-sm text-slate-900 outline-none"
      />
    </div>
  );
}
