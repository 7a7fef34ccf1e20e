import { describe, expect, it } from 'vitest';
import { safeChatUrl } from '@/features/authoring/chat/lib/safe-url';
import { isSitePath } from '@shared/site-path.ts';

// AI output is sanitised markdown: a reply's links go to the web, to mail, or within Kursa.
describe('safeChatUrl', () => {
  it('keeps web and mail addresses and paths on this site', () => {
    expect(safeChatUrl('https://www.retsinformation.dk/eli/lta/2023/1')).toBe('https://www.retsinformation.dk/eli/lta/2023/1');
    expect(safeChatUrl('http://example.com')).toBe('http://example.com/');
    expect(safeChatUrl('mailto:kurser@firma.dk')).toBe('mailto:kurser@firma.dk');
    expect(safeChatUrl('/learn/c1/l2')).toBe('/learn/c1/l2');
    expect(safeChatUrl(' /dashboard/courses/c1?lesson=l2 ')).toBe('/dashboard/courses/c1?lesson=l2');
  });

  it('refuses scripts, data, other schemes, protocol-relative and page-relative addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\nscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'file:///etc/passwd',
      '//evil.example/x',
      '/\\evil.example',
      'learn/c1',
      '#top',
      '',
    ]) {
      expect(safeChatUrl(url), url).toBeNull();
    }
  });

  it('tells the app’s own paths from addresses elsewhere', () => {
    expect(isSitePath('/learn/c1/l1')).toBe(true);
    expect(isSitePath('https://example.com')).toBe(false);
  });
});
