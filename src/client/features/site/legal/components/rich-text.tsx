import type { MouseEvent } from 'react';
import { isSitePath } from '@shared/site-path.ts';
import { ShellLink } from '@/lib/shell-context';
import { inlineParts } from '../lib/blocks';
import { jumpTo } from '../lib/jump';

export const linkClasses =
  'font-medium text-accent underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring';

/** A text from the locale files with its `[label](href)` links as real links. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {inlineParts(text).map((part, index) => {
        if (part.kind === 'text') return part.text;
        if (part.href.startsWith('#')) {
          const id = part.href.slice(1);
          return (
            <a
              key={index}
              href={part.href}
              className={linkClasses}
              onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                if (jumpTo(id)) event.preventDefault();
              }}
            >
              {part.text}
            </a>
          );
        }
        if (isSitePath(part.href)) {
          return (
            <ShellLink key={index} to={part.href} className={linkClasses}>
              {part.text}
            </ShellLink>
          );
        }
        return (
          <a key={index} href={part.href} className={linkClasses} rel="noopener noreferrer">
            {part.text}
          </a>
        );
      })}
    </>
  );
}
