import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';
import { richTextExtensions } from './richTextExtensions';
import { editorArea, editorFrame, RichTextToolbar, TOGGLES, type ToggleName } from './richTextToolbar';
import { sanitizePastedHtml } from './sanitizePaste';

const TOGGLE: Record<ToggleName, (editor: Editor) => boolean> = {
  bold: (e) => e.chain().focus().toggleBold().run(),
  italic: (e) => e.chain().focus().toggleItalic().run(),
  underline: (e) => e.chain().focus().toggleUnderline().run(),
  bulletList: (e) => e.chain().focus().toggleBulletList().run(),
  orderedList: (e) => e.chain().focus().toggleOrderedList().run(),
};

const NOTHING_ACTIVE: Record<ToggleName, boolean> = { bold: false, italic: false, underline: false, bulletList: false, orderedList: false };

/**
 * The rich-text editor on Tiptap (ProseMirror): the toolbar of the old contentEditable editor (bold,
 * italic, underline, lists, link, font size 1-7) with its names and pressed states, Ctrl+B/I/U, and the
 * same HTML after the server's sanitiser. Loaded on demand by RichTextEditor.
 */
export function TiptapEditor({ id, labelledBy, initialHtml, resetKey, onChange, invalid, describedBy, placeholder = 'Tell people about yourself', toolbarLabel }: RichTextEditorProps) {
  // Tiptap registers its callbacks once; the latest onChange is read through this ref.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  // Like the old editor, the HTML is read at mount and again only when resetKey changes: the parents pass
  // their current value back in, which must not rebuild the document under the caret.
  const [firstHtml] = useState(initialHtml);
  const [extensions] = useState(() => richTextExtensions(placeholder));

  const attributes = useMemo(() => {
    const all: Record<string, string> = { id, 'aria-labelledby': labelledBy, 'aria-multiline': 'true', class: editorArea, spellcheck: 'true' };
    if (describedBy) all['aria-describedby'] = describedBy;
    if (invalid) all['aria-invalid'] = 'true';
    if (placeholder) all['aria-placeholder'] = placeholder;
    return all;
  }, [id, labelledBy, describedBy, invalid, placeholder]);
  const editorProps = useMemo(() => ({ attributes, transformPastedHTML: sanitizePastedHtml }), [attributes]);

  const editor = useEditor({
    extensions,
    content: firstHtml,
    editorProps,
    // The toolbar follows the editor through useEditorState below; the rest of the form need not re-render on each keystroke.
    shouldRerenderOnTransaction: false,
    // An editor emptied by the user is '' (not '<p></p>'), as the old one was, so "required" checks still see it empty.
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? '' : e.getHTML()),
  });

  // As on the old editor, the toolbar shows no pressed state until the caret has been in the text: before
  // that the selection is only where loading left it, and Bold pressed over an unfocused editor would mislead.
  const [caretPlaced, setCaretPlaced] = useState(false);
  // Reset during render rather than in the effect below, so no frame shows the previous text's pressed states.
  const [resetSeen, setResetSeen] = useState(resetKey);
  if (resetSeen !== resetKey) {
    setResetSeen(resetKey);
    setCaretPlaced(false);
  }
  useEffect(() => {
    const placed = () => setCaretPlaced(true);
    editor.on('focus', placed);
    return () => {
      editor.off('focus', placed);
    };
  }, [editor]);

  const lastReset = useRef(resetKey);
  useEffect(() => {
    if (resetKey === lastReset.current) return;
    lastReset.current = resetKey;
    editor.commands.setContent(initialHtml, { emitUpdate: false });
    // Only a new resetKey reloads the HTML (Cancel, another announcement), not each new initialHtml.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, resetKey]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(TOGGLES.map(({ name }) => [name, e.isActive(name)])) as Record<ToggleName, boolean>,
  });
  const active = (caretPlaced && state) || NOTHING_ACTIVE;

  const addLink = () => {
    const answer = window.prompt('Enter the link URL (https://...)');
    const raw = answer?.trim() ?? '';
    const url = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
    if (!raw || !/^(https?:|mailto:)/i.test(url)) {
      editor.commands.focus();
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // No text selected: the address itself becomes the link's text. (In a link, the link gets the new address.)
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: raw, marks: [{ type: 'link', attrs: { href: url } }] })
        .unsetMark('link')
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    }
  };

  return (
    <div className={editorFrame(invalid)}>
      <RichTextToolbar
        id={id}
        labelledBy={labelledBy}
        toolbarLabel={toolbarLabel}
        actions={{ active, toggle: (name) => TOGGLE[name](editor), addLink, setFontSize: (size) => editor.chain().focus().setFontSize(size).run() }}
      />
      <EditorContent editor={editor} />
    </div>
  );
}
