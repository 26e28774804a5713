import { lazy, Suspense } from 'react';
import { editorArea, editorFrame, RichTextToolbar } from './richTextToolbar';

export interface RichTextEditorProps {
  id: string;
  /** The id of the visible label. */
  labelledBy: string;
  /** The HTML the editor starts from; it is read again whenever resetKey changes (Cancel). */
  initialHtml: string;
  resetKey: number;
  /** The editor's HTML after each change; '' once the user has emptied it. */
  onChange(html: string): void;
  invalid?: boolean;
  describedBy?: string;
  /** Shown while the editor is empty. */
  placeholder?: string;
  /** The toolbar's accessible name; without it, the field's label followed by "formatting". */
  toolbarLabel?: string;
}

// Tiptap and ProseMirror weigh some 110 KB gzipped: only the edit screens fetch them, when the editor first shows.
const TiptapEditor = lazy(() => import('./TiptapEditor').then((module) => ({ default: module.TiptapEditor })));

/**
 * A small rich-text editor: bold, italic, underline, lists, links and font size 1-7. Pasted HTML is
 * cleaned (sanitizePastedHtml); the server sanitises on save.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<LoadingEditor {...props} />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}

/**
 * Stands in while the editor's code loads: the same frame, toolbar and height, and a labelled but
 * read-only text box with the starting HTML, so nothing moves when the editor arrives. It has no id:
 * whatever looks the editor up by id waits for the real one.
 */
function LoadingEditor({ id, labelledBy, initialHtml, invalid, describedBy, placeholder = 'Tell people about yourself', toolbarLabel }: RichTextEditorProps) {
  return (
    <div className={editorFrame(invalid)}>
      <RichTextToolbar id={id} labelledBy={labelledBy} toolbarLabel={toolbarLabel} />
      <div
        role="textbox"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-multiline="true"
        aria-readonly="true"
        aria-busy="true"
        aria-invalid={invalid || undefined}
        data-placeholder={placeholder}
        className={editorArea}
        // The same HTML the editor is about to load (sanitised by the server, or the user's own draft).
        dangerouslySetInnerHTML={{ __html: initialHtml }}
      />
    </div>
  );
}
