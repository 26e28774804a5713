import { Mark, type Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { ListItem } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { FONT_SIZES } from './richTextToolbar';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    fontSize: {
      setFontSize: (size: string) => ReturnType;
    };
  }
}

/**
 * `<font size="1..7">`: what the browser's fontSize command wrote into bios, and the one size markup the
 * server's bio allow-list keeps (no style attributes), so old bios load with their sizes and new ones
 * are stored the same way.
 */
export const FontSize = Mark.create({
  name: 'fontSize',
  addAttributes() {
    return {
      size: {
        default: null,
        parseHTML: (element) => element.getAttribute('size'),
        renderHTML: (attributes) => (attributes.size ? { size: attributes.size as string } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'font[size]', getAttrs: (element) => ((FONT_SIZES as readonly string[]).includes(element.getAttribute('size') ?? '') ? null : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['font', HTMLAttributes, 0];
  },
  addCommands() {
    return {
      setFontSize:
        (size) =>
        ({ commands }) =>
          commands.setMark(this.name, { size }),
    };
  },
});

/**
 * Tab and Shift+Tab move the focus out of the editor, as they did in the old contentEditable: Tiptap's
 * list item would take them to nest and un-nest items, so a keyboard user inside a list could not leave.
 */
const ListItemWithoutTab = ListItem.extend({
  addKeyboardShortcuts() {
    return { Enter: () => this.editor.commands.splitListItem(this.name) };
  },
});

/**
 * The editor's schema: the toolbar's marks and lists, plus everything the server's allow-lists keep
 * (headings, quotes, code, rules, images, tables), so HTML written by the old editor or pasted into it
 * opens with its structure rather than flattened to paragraphs.
 */
export function richTextExtensions(placeholder: string): Extensions {
  return [
    StarterKit.configure({
      listItem: false,
      // The old editor never added an empty paragraph after a final list or quote; the stored HTML stays as written.
      trailingNode: false,
      link: {
        openOnClick: false,
        autolink: false,
        // Bios are stored with bare <a href> (the bio allow-list drops target and rel); descriptions get
        // rel and target from the server's sanitiser.
        HTMLAttributes: { target: null, rel: null },
      },
    }),
    ListItemWithoutTab,
    FontSize,
    Image.configure({ inline: true }),
    TableKit.configure({ table: { resizable: false } }),
    Placeholder.configure({ placeholder }),
  ];
}
