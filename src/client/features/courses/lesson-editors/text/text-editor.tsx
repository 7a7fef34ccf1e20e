import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { useTranslation } from '@/lib/use-translation';
import type { TTextContent } from '@shared/schemas/lesson-content.ts';
import { cn } from '@/lib/cn';
import { focusToolbar } from '../components/toolbar';
import { lessonExtensions } from './extensions';
import { ImageDialog } from './image-dialog';
import { LinkDialog } from './link-dialog';
import { normaliseDoc } from './normalise-doc';
import { TextToolbar } from './text-toolbar';

export interface TextEditorProps {
  value: TTextContent;
  onChange: (value: TTextContent) => void;
  courseId: string;
  /** The editor's accessible name ("Lesson text", "Notes"). */
  label: string;
  disabled?: boolean;
  className?: string;
}

/**
 * The lesson text editor (TipTap): a named toolbar (Alt+F10 reaches it from the text, arrow keys
 * move along it) over the editable text. Every change is reported as ZTextContent-valid JSON.
 */
/** How many of its own updates the editor remembers while waiting for them to come back as `value`. */
const MAX_PENDING_ECHOES = 50;

export function TextEditor({ value, onChange, courseId, label, disabled = false, className }: TextEditorProps) {
  const { t } = useTranslation('lesson-editors');
  const hintId = useId();
  const toolbarRef = useRef<HTMLDivElement | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  // What this editor has sent through onChange, oldest first, until each comes back as `value`:
  // a parent may render an older one after a newer one was sent (renders are not tied to our
  // updates, and a save's answer can arrive after more typing), and that must never undo typing.
  const emitted = useRef<string[]>([]);
  const [dialog, setDialogState] = useState<null | 'link' | 'image' | 'alt'>(null);
  // The dialogs stay mounted (Radix closes them properly: focus, scroll lock, inert page); a new
  // key on every opening gives each one fresh fields.
  const [dialogKey, setDialogKey] = useState(0);
  const [dialogContext, setDialogContext] = useState({ href: '', hasSelection: false, alt: '' });
  const setDialog = (next: null | 'link' | 'image' | 'alt') => {
    if (next) {
      setDialogKey((k) => k + 1);
      setDialogContext({
        href: (editor.getAttributes('link').href as string | undefined) ?? '',
        hasSelection: !editor.state.selection.empty,
        alt: (editor.getAttributes('image').alt as string | null | undefined) ?? '',
      });
    }
    setDialogState(next);
  };
  const openLinkRef = useRef<() => void>(() => {});

  const extensions = useMemo(() => lessonExtensions(), []);
  const initial = useMemo(() => normaliseDoc(value), []); // eslint-disable-line react-hooks/exhaustive-deps -- the first value only; later ones sync below

  const editor = useEditor({
    extensions,
    content: initial,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'lesson-prose px-4 py-3 text-foreground',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'aria-describedby': hintId,
      },
      handleKeyDown: (_view, event) => {
        if (event.altKey && event.key === 'F10') {
          event.preventDefault();
          focusToolbar(toolbarRef.current);
          return true;
        }
        if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLinkRef.current();
          return true;
        }
        return false;
      },
    },
    onCreate: ({ editor: created }) => {
      emitted.current = [JSON.stringify(normaliseDoc(created.getJSON()))];
    },
    onUpdate: ({ editor: updated }) => {
      const json = normaliseDoc(updated.getJSON());
      const serialised = JSON.stringify(json);
      if (serialised === emitted.current.at(-1)) return;
      emitted.current.push(serialised);
      if (emitted.current.length > MAX_PENDING_ECHOES) emitted.current.shift();
      onChangeRef.current(json);
    },
  });

  // A value from outside (a restored revision, another lesson) replaces the text; an echo of
  // anything we sent does not, however late it comes, nor does a value equal to the text itself.
  useEffect(() => {
    const next = normaliseDoc(value);
    const serialised = JSON.stringify(next);
    const echo = emitted.current.indexOf(serialised);
    if (echo !== -1) {
      emitted.current = emitted.current.slice(echo);
      return;
    }
    if (serialised === JSON.stringify(normaliseDoc(editor.getJSON()))) return;
    emitted.current = [serialised];
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // The dialogs change the document without taking focus: focus stays trapped in the open dialog,
  // and goes back to the editor once it has closed (onClosed), so no keystroke lands in between.
  const quietChain = () => editor.chain();
  const openLink = () => {
    if (!disabled) setDialog('link');
  };
  useEffect(() => {
    openLinkRef.current = openLink;
  });

  return (
    <div
      role="region"
      aria-label={label}
      className={cn(
        'rounded-lg border border-input bg-card shadow-sm focus-within:border-ring focus-within:outline-2 focus-within:outline-ring/50',
        className,
      )}
    >
      <TextToolbar
        ref={toolbarRef}
        editor={editor}
        label={label}
        disabled={disabled}
        onLink={openLink}
        onImage={() => setDialog('image')}
        onImageAlt={() => setDialog('alt')}
      />
      <EditorContent editor={editor} />
      <p id={hintId} className="border-t border-border px-4 py-2 text-xs text-muted-foreground">
        {t('toolbar.keyboardHint')}
      </p>

      <LinkDialog
        key={`link-${dialogKey}`}
        open={dialog === 'link'}
        onOpenChange={(open) => !open && setDialog(null)}
        initialHref={dialogContext.href}
        hasSelection={dialogContext.hasSelection}
        onSubmit={(href, text) => {
          if (!editor.state.selection.empty || editor.isActive('link')) {
            quietChain().extendMarkRange('link').setLink({ href }).run();
          } else {
            quietChain()
              .insertContent({ type: 'text', text: text || href, marks: [{ type: 'link', attrs: { href } }] })
              .unsetMark('link')
              .run();
          }
        }}
        onRemove={() => quietChain().extendMarkRange('link').unsetLink().run()}
        onClosed={() => editor.commands.focus()}
      />
      <ImageDialog
        key={`image-${dialogKey}`}
        open={dialog === 'image' || dialog === 'alt'}
        courseId={courseId}
        editAlt={dialog === 'alt' ? dialogContext.alt : null}
        onOpenChange={(open) => !open && setDialog(null)}
        onInsert={(src, alt) =>
          quietChain()
            .setImage({ src, alt })
            .command(({ tr }) => {
              // An image inserted last in the document ends up selected, and the next key typed
              // would replace it: writing goes on in a paragraph after it instead.
              const { selection } = tr;
              if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return true;
              const after = selection.to;
              if (!tr.doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, tr.doc.type.schema.nodes.paragraph!.create());
              tr.setSelection(TextSelection.near(tr.doc.resolve(after + 1)));
              return true;
            })
            .run()
        }
        onAltChange={(alt) => quietChain().updateAttributes('image', { alt }).run()}
        onClosed={() => editor.commands.focus()}
      />
    </div>
  );
}
