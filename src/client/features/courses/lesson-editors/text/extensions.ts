import { mergeAttributes, Node, type Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { CALLOUT_VARIANTS, isSafeHref, UPLOAD_URL_PATTERN } from '@shared/schemas/lesson-content.ts';

/**
 * The editor's schema is exactly ZTextContent's node and mark set (src/shared/schemas/
 * lesson-content.ts): StarterKit's nodes and marks are all in it, headings are 2–4 only, links
 * accept only safe addresses, images only our own uploads, plus the callout node and tables.
 * normaliseDoc (./normalise-doc.ts) then fixes the attribute values a paste can bring.
 */

export type CalloutVariant = (typeof CALLOUT_VARIANTS)[number];

export function isCalloutVariant(value: unknown): value is CalloutVariant {
  return (CALLOUT_VARIANTS as readonly unknown[]).includes(value);
}

/** An info, tip or warning box around blocks; rendered by the viewer as an aside with role="note". */
export const Callout = Node.create({
  name: 'callout',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      variant: {
        default: 'info',
        parseHTML: (element) => {
          const value = element.getAttribute('data-callout');
          return isCalloutVariant(value) ? value : 'info';
        },
        renderHTML: (attributes) => ({ 'data-callout': isCalloutVariant(attributes.variant) ? attributes.variant : 'info' }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-callout]' }, { tag: 'aside[data-callout]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes), 0];
  },
});

/** Images from this server's uploads only: a pasted image from elsewhere is left out. */
const UploadImage = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (element) => (UPLOAD_URL_PATTERN.test(element.getAttribute('src') ?? '') ? null : false) }];
  },
});

/** Table cells without TipTap's `align` attribute, which the contract does not carry. */
function withoutAlign<T extends typeof TableCell | typeof TableHeader>(extension: T): T {
  return extension.extend({
    addAttributes() {
      const { align: _align, ...rest } = (this.parent?.() ?? {}) as Record<string, unknown>;
      return rest;
    },
  }) as T;
}

export function lessonExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        protocols: ['http', 'https', 'mailto'],
        isAllowedUri: (url) => isSafeHref(url),
        // The renderer decides target and rel itself; nothing is stored for them.
        HTMLAttributes: { target: null, rel: null, class: null },
      },
    }),
    UploadImage.configure({ inline: false, allowBase64: false }),
    Callout,
    Table.configure({ resizable: false, HTMLAttributes: {} }),
    TableRow,
    withoutAlign(TableHeader),
    withoutAlign(TableCell),
  ];
}
