import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { ShellLink } from '@/lib/shell-context';
import { isSitePath } from '@shared/site-path.ts';
import { safeChatUrl } from '../lib/safe-url';

/** Links: the app's own paths navigate in the app (the widget stays open); others open a new tab. */
function ChatLink({ href, children }: ComponentProps<'a'>) {
  if (!href) return <span>{children}</span>;
  if (isSitePath(href)) return <ShellLink to={href}>{children}</ShellLink>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

const components: Components = {
  a: ChatLink,
  // No images from a reply (they would load from anywhere): their description stands in.
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
  // Headings inside a chat bubble are emphasis, not the page's outline.
  h1: ({ children }) => <p className="font-semibold">{children}</p>,
  h2: ({ children }) => <p className="font-semibold">{children}</p>,
  h3: ({ children }) => <p className="font-semibold">{children}</p>,
  h4: ({ children }) => <p className="font-semibold">{children}</p>,
  h5: ({ children }) => <p className="font-semibold">{children}</p>,
  h6: ({ children }) => <p className="font-semibold">{children}</p>,
};

/** Markdown, not HTML: raw HTML in a reply is left out (skipHtml), never built into the page. */
const prose =
  'flex flex-col gap-2 break-words [&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-card [&_code]:px-1 [&_code]:text-[0.9em] [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-card [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-5';

/** A reply as sanitised markdown, as all AI output is shown: no raw HTML, safe links only, no images. */
export function ChatMarkdown({ text }: { text: string }) {
  return (
    <div className={prose}>
      <Markdown components={components} urlTransform={safeChatUrl} skipHtml>
        {text}
      </Markdown>
    </div>
  );
}
