import { describe, expect, it, vi } from 'vitest';
import { formatFileSize } from '@/components/lesson-views/format-size';
import { moveItem } from '@/features/courses/lesson-editors/components/move-item';
import { titleFromFileName } from '@/features/courses/lesson-editors/download/download-editor';
import { linkHref } from '@/features/courses/lesson-editors/text/link-dialog';
import { UPLOAD_ACCEPT } from '@/features/courses/lesson-editors/upload/upload-file';
import { accepts } from '@/features/courses/lesson-editors/upload/upload-field';

vi.mock('@/lib/use-translation', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

describe('the link dialog address', () => {
  it.each([
    ['https://kursa.dk/a?b=1', 'https://kursa.dk/a?b=1'],
    ['  http://example.com  ', 'http://example.com'],
    ['kursa.dk', 'https://kursa.dk'],
    ['www.example.com/guide#top', 'https://www.example.com/guide#top'],
    ['ana@firma.dk', 'mailto:ana@firma.dk'],
    ['mailto:ana@firma.dk', 'mailto:ana@firma.dk'],
    ['/courses/intro', '/courses/intro'],
  ])('stores %j as %j', (input, href) => {
    expect(linkHref(input)).toBe(href);
  });

  it.each([
    '',
    'javascript:alert(1)',
    'data:text/html,x',
    '//evil.example',
    'ftp://x.dk',
    'not a url',
    'word',
    'https://a.dk/' + 'x'.repeat(2000),
  ])('refuses %j', (input) => {
    expect(linkHref(input)).toBeNull();
  });
});

describe('download helpers', () => {
  it('titles a file by its name without the extension', () => {
    expect(titleFromFileName('Kursus_materiale.pdf')).toBe('Kursus materiale');
    expect(titleFromFileName('report.final.docx')).toBe('report.final');
    expect(titleFromFileName('.pdf')).toBe('.pdf');
  });

  it('formats sizes for people', () => {
    expect(formatFileSize(900, 'en')).toBe('900 B');
    expect(formatFileSize(153_600, 'en')).toBe('154 kB');
    expect(formatFileSize(2_500_000, 'da-DK')).toBe('2,5 MB');
    expect(formatFileSize(1_300_000_000, 'en')).toBe('1.3 GB');
  });

  it('moves items within the list and never past its ends', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });
});

describe('which dropped files an upload field takes', () => {
  const file = (name: string, type: string) => new File(['x'], name, { type });
  it.each([
    ['clip.MP4', '', UPLOAD_ACCEPT.video, true],
    ['clip.webm', 'video/webm', UPLOAD_ACCEPT.video, true],
    ['clip.mov', 'video/quicktime', UPLOAD_ACCEPT.video, false],
    ['photo', 'image/png', UPLOAD_ACCEPT.image, true],
    ['notes.txt', 'text/plain', UPLOAD_ACCEPT.image, false],
    ['scan.tiff', 'image/tiff', 'image/*', true],
    ['handout.pdf', 'application/pdf', UPLOAD_ACCEPT.download, true],
    ['setup.exe', 'application/x-msdownload', UPLOAD_ACCEPT.download, false],
  ])('%s (%s) against %s: %s', (name, type, accept, taken) => {
    expect(accepts(file(name, type), accept)).toBe(taken);
  });
});
