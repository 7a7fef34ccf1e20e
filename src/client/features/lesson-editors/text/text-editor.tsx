import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { useTranslation } from '@/lib/use-translation';
import Bold from 'lucide-react/icons/bold';
import Code from 'lucide-react/icons/code';
import SquareCode from 'lucide-react/icons/square-code';
import Heading2 from 'lucide-react/icons/heading-2';
import Heading3 from 'lucide-react/icons/heading-3';
import Heading4 from 'lucide-react/icons/heading-4';
import ImageIcon from 'lucide-react/icons/image';
import Info from 'lucide-react/icons/info';
import Italic from 'lucide-react/icons/italic';
import Lightbulb from 'lucide-react/icons/lightbulb';
import LinkIcon from 'lucide-react/icons/link';
import List from 'lucide-react/icons/list';
import ListOrdered from 'lucide-react/icons/list-ordered';
import Minus from 'lucide-react/icons/minus';
import Quote from 'lucide-react/icons/quote';
import Redo2 from 'lucide-react/icons/redo-2';
import Strikethrough from 'lucide-react/icons/strikethrough';
import TableIcon from 'lucide-react/icons/table';
import BetweenHorizontalEnd from 'lucide-react/icons/between-horizontal-end';
import BetweenVerticalEnd from 'lucide-react/icons/between-vertical-end';
import Rows3 from 'lucide-react/icons/rows-3';
import Columns3 from 'lucide-react/icons/columns-3';
import Trash2 from 'lucide-react/icons/trash-2';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Underline from 'lucide-react/icons/underline';
import Undo2 from 'lucide-react/icons/undo-2';
import type { TTextContent } from '@shared/schemas/lesson-content.ts';
import { cn } from '@/lib/cn';
import { focusToolbar, ToolButton, Toolbar, ToolSeparator } from '../components/toolbar';
import { isCalloutVariant, lessonExtensions, type CalloutVariant } from './extensions';
import { ImageDialog } from './image-dialog';
import { LinkDialog } from './link-dialog';
import { normaliseDoc } from './normalise-doc';

export interface TextEditorProps {
  value: TTextContent;
  onChange: (value: TTextContent) => void;
  courseId: string;
  /** The editor's accessible name ("Lesson text", "Notes"). */
  label: string;
  disabled?: boolean;
  className?: string;
}

/** What the toolbar shows, read from the editor only when it changes. */
function toolbarState(editor: Editor) {
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    strike: editor.isActive('strike'),
    code: editor.isActive('code'),
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    h4: editor.isActive('heading', { level: 4 }),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    blockquote: editor.isActive('blockquote'),
    codeBlock: editor.isActive('codeBlock'),
    link: editor.isActive('link'),
    image: editor.isActive('image'),
    callout: (editor.isActive('callout') ? editor.getAttributes('callout').variant : null) as unknown,
    table: editor.isActive('table'),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
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

  const state = useEditorState({ editor, selector: ({ editor: e }) => toolbarState(e) });

  const chain = () => editor.chain().focus();
  // The dialogs change the document without taking focus: focus stays trapped in the open dialog,
  // and goes back to the editor once it has closed (onClosed), so no keystroke lands in between.
  const quietChain = () => editor.chain();
  const setCallout = (variant: CalloutVariant) => {
    const current = state.callout;
    if (current === variant) chain().lift('callout').run();
    else if (isCalloutVariant(current)) chain().updateAttributes('callout', { variant }).run();
    else chain().wrapIn('callout', { variant }).run();
  };
  const openLink = () => {
    if (!disabled) setDialog('link');
  };
  useEffect(() => {
    openLinkRef.current = openLink;
  });

  const off = disabled;

  return (
    <div
      role="region"
      aria-label={label}
      className={cn(
        'rounded-lg border border-input bg-card shadow-sm focus-within:border-ring focus-within:outline-2 focus-within:outline-ring/50',
        className,
      )}
    >
      <Toolbar
        ref={toolbarRef}
        label={t('toolbar.label', { editor: label })}
        className="sticky top-0 z-10 rounded-t-lg border-b border-border bg-card p-1.5"
      >
        <ToolButton
          id="undo"
          label={t('toolbar.undo')}
          icon={Undo2}
          disabled={off || !state.canUndo}
          onClick={() => chain().undo().run()}
        />
        <ToolButton
          id="redo"
          label={t('toolbar.redo')}
          icon={Redo2}
          disabled={off || !state.canRedo}
          onClick={() => chain().redo().run()}
        />
        <ToolSeparator />
        <ToolButton
          id="h2"
          label={t('toolbar.heading', { level: 2 })}
          icon={Heading2}
          pressed={state.h2}
          disabled={off}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton
          id="h3"
          label={t('toolbar.heading', { level: 3 })}
          icon={Heading3}
          pressed={state.h3}
          disabled={off}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <ToolButton
          id="h4"
          label={t('toolbar.heading', { level: 4 })}
          icon={Heading4}
          pressed={state.h4}
          disabled={off}
          onClick={() => chain().toggleHeading({ level: 4 }).run()}
        />
        <ToolSeparator />
        <ToolButton
          id="bold"
          label={t('toolbar.bold')}
          icon={Bold}
          pressed={state.bold}
          disabled={off}
          onClick={() => chain().toggleBold().run()}
        />
        <ToolButton
          id="italic"
          label={t('toolbar.italic')}
          icon={Italic}
          pressed={state.italic}
          disabled={off}
          onClick={() => chain().toggleItalic().run()}
        />
        <ToolButton
          id="underline"
          label={t('toolbar.underline')}
          icon={Underline}
          pressed={state.underline}
          disabled={off}
          onClick={() => chain().toggleUnderline().run()}
        />
        <ToolButton
          id="strike"
          label={t('toolbar.strike')}
          icon={Strikethrough}
          pressed={state.strike}
          disabled={off}
          onClick={() => chain().toggleStrike().run()}
        />
        <ToolButton
          id="code"
          label={t('toolbar.code')}
          icon={Code}
          pressed={state.code}
          disabled={off}
          onClick={() => chain().toggleCode().run()}
        />
        <ToolButton
          id="link"
          label={state.link ? t('toolbar.editLink') : t('toolbar.link')}
          icon={LinkIcon}
          pressed={state.link}
          disabled={off}
          onClick={openLink}
        />
        <ToolSeparator />
        <ToolButton
          id="bulletList"
          label={t('toolbar.bulletList')}
          icon={List}
          pressed={state.bulletList}
          disabled={off}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          id="orderedList"
          label={t('toolbar.orderedList')}
          icon={ListOrdered}
          pressed={state.orderedList}
          disabled={off}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          id="blockquote"
          label={t('toolbar.blockquote')}
          icon={Quote}
          pressed={state.blockquote}
          disabled={off}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <ToolButton
          id="codeBlock"
          label={t('toolbar.codeBlock')}
          icon={SquareCode}
          pressed={state.codeBlock}
          disabled={off}
          onClick={() => chain().toggleCodeBlock().run()}
        />
        <ToolButton
          id="rule"
          label={t('toolbar.horizontalRule')}
          icon={Minus}
          disabled={off}
          onClick={() => chain().setHorizontalRule().run()}
        />
        <ToolSeparator />
        <ToolButton
          id="callout-info"
          label={t('toolbar.callout.info')}
          icon={Info}
          pressed={state.callout === 'info'}
          disabled={off}
          onClick={() => setCallout('info')}
        />
        <ToolButton
          id="callout-tip"
          label={t('toolbar.callout.tip')}
          icon={Lightbulb}
          pressed={state.callout === 'tip'}
          disabled={off}
          onClick={() => setCallout('tip')}
        />
        <ToolButton
          id="callout-warning"
          label={t('toolbar.callout.warning')}
          icon={TriangleAlert}
          pressed={state.callout === 'warning'}
          disabled={off}
          onClick={() => setCallout('warning')}
        />
        <ToolSeparator />
        <ToolButton id="image" label={t('toolbar.image')} icon={ImageIcon} disabled={off} onClick={() => setDialog('image')} />
        {state.image && (
          <ToolButton
            id="image-alt"
            label={t('toolbar.imageAlt')}
            icon={ImageIcon}
            text={t('toolbar.altShort')}
            disabled={off}
            onClick={() => setDialog('alt')}
          />
        )}
        <ToolButton
          id="table"
          label={t('toolbar.table')}
          icon={TableIcon}
          disabled={off || state.table}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        />
        {state.table && (
          <>
            <ToolButton
              id="row-add"
              label={t('toolbar.addRow')}
              icon={BetweenHorizontalEnd}
              disabled={off}
              onClick={() => chain().addRowAfter().run()}
            />
            <ToolButton
              id="col-add"
              label={t('toolbar.addColumn')}
              icon={BetweenVerticalEnd}
              disabled={off}
              onClick={() => chain().addColumnAfter().run()}
            />
            <ToolButton
              id="row-remove"
              label={t('toolbar.removeRow')}
              icon={Rows3}
              disabled={off}
              onClick={() => chain().deleteRow().run()}
            />
            <ToolButton
              id="col-remove"
              label={t('toolbar.removeColumn')}
              icon={Columns3}
              disabled={off}
              onClick={() => chain().deleteColumn().run()}
            />
            <ToolButton
              id="table-remove"
              label={t('toolbar.removeTable')}
              icon={Trash2}
              disabled={off}
              onClick={() => chain().deleteTable().run()}
            />
          </>
        )}
      </Toolbar>
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
