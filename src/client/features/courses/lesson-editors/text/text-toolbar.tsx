import type { Ref } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
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
import { useTranslation } from '@/lib/use-translation';
import { ToolButton, Toolbar, ToolSeparator } from '../components/toolbar';
import { isCalloutVariant, type CalloutVariant } from './extensions';

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

export interface TextToolbarProps {
  ref: Ref<HTMLDivElement>;
  editor: Editor;
  /** The editor's accessible name, which the toolbar's own name includes. */
  label: string;
  disabled: boolean;
  onLink: () => void;
  onImage: () => void;
  onImageAlt: () => void;
}

/**
 * The lesson text editor's toolbar: each button shows whether its mark or block is on where the
 * cursor is, and acts on the text (links and images through the editor's dialogs).
 */
export function TextToolbar({ ref, editor, label, disabled, onLink, onImage, onImageAlt }: TextToolbarProps) {
  const { t } = useTranslation('lesson-editors');
  const state = useEditorState({ editor, selector: ({ editor: e }) => toolbarState(e) });

  const chain = () => editor.chain().focus();
  const setCallout = (variant: CalloutVariant) => {
    const current = state.callout;
    if (current === variant) chain().lift('callout').run();
    else if (isCalloutVariant(current)) chain().updateAttributes('callout', { variant }).run();
    else chain().wrapIn('callout', { variant }).run();
  };
  const off = disabled;

  return (
    // It stays in view while a long text scrolls, below the workspace's fixed top bar (3.5rem), which
    // covered it when it stuck to the top of the window.
    <Toolbar
      ref={ref}
      label={t('toolbar.label', { editor: label })}
      className="sticky top-14 z-10 rounded-t-lg border-b border-border bg-card p-1.5"
    >
      <ToolButton id="undo" label={t('toolbar.undo')} icon={Undo2} disabled={off || !state.canUndo} onClick={() => chain().undo().run()} />
      <ToolButton id="redo" label={t('toolbar.redo')} icon={Redo2} disabled={off || !state.canRedo} onClick={() => chain().redo().run()} />
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
        onClick={onLink}
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
      <ToolButton id="image" label={t('toolbar.image')} icon={ImageIcon} disabled={off} onClick={onImage} />
      {state.image && (
        <ToolButton
          id="image-alt"
          label={t('toolbar.imageAlt')}
          icon={ImageIcon}
          text={t('toolbar.altShort')}
          disabled={off}
          onClick={onImageAlt}
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
  );
}
