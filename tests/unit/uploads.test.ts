import { describe, expect, it } from 'vitest';
import { canEditCourse, canViewCourse } from '../../src/server/domains/courses/courses/policy.ts';
import { cleanOriginalName, contentDisposition } from '../../src/server/domains/courses/uploads/names.ts';
import { parseRange } from '../../src/server/domains/courses/uploads/range.ts';

describe('parseRange', () => {
  it('reads one byte range: start-end, open-ended, suffix; clamps the end to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=500-99999', 1000)).toEqual({ start: 500, end: 999 });
  });
  it('is unsatisfiable past the end or for an empty suffix', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=1000-1001', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
  it('ignores what it does not serve: no header, other units, several ranges, nonsense', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,4-5', 'bytes=5-2', 'bytes=-', 'bytes=a-b'])
      expect(parseRange(header, 1000)).toBeNull();
  });
});

describe('file names', () => {
  it('keeps the name without path, control or direction-override characters, ending in the real extension', () => {
    expect(cleanOriginalName('C:\\Users\\ida\\Slides.PDF', 'pdf')).toBe('Slides.PDF');
    expect(cleanOriginalName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(cleanOriginalName('photo.jpeg', 'jpg')).toBe('photo.jpeg');
    expect(cleanOriginalName('invoice\u202Egpj.exe', 'png')).toBe('invoicegpj.exe.png');
    expect(cleanOriginalName('a\u0000b\n.zip', 'zip')).toBe('ab.zip');
    expect(cleanOriginalName('...', 'zip')).toBe('file.zip');
    expect(cleanOriginalName(undefined, 'mp4')).toBe('file.mp4');
    expect(cleanOriginalName('x'.repeat(500), 'pdf')).toHaveLength(204);
  });
  it('writes Content-Disposition with an ASCII fallback and the exact name as RFC 5987 filename*', () => {
    expect(contentDisposition('attachment', 'Øvelser "del 1"; 100%.pdf')).toBe(
      `attachment; filename="_velser _del 1__ 100_.pdf"; filename*=UTF-8''%C3%98velser%20%22del%201%22%3B%20100%25.pdf`,
    );
    expect(contentDisposition('inline', "it's (new).png")).toBe(
      `inline; filename="it's (new).png"; filename*=UTF-8''it%27s%20%28new%29.png`,
    );
  });
});

describe('course access', () => {
  const course = { organisationId: 'org-a', ownerId: 'u-owner', status: 'draft', visibility: 'public' };
  const member = (role: 'admin' | 'instructor' | 'learner', id = 'u-x') => ({ id, organisationId: 'org-a', role });
  const outsider = { id: 'u-y', organisationId: 'org-b', role: 'admin' as const };
  it('shows a course to its company always, and to anyone once published public or unlisted', () => {
    expect(canViewCourse(course, member('learner'))).toBe(true);
    expect(canViewCourse(course, outsider)).toBe(false);
    expect(canViewCourse(course, null)).toBe(false);
    expect(canViewCourse({ ...course, status: 'published' }, null)).toBe(true);
    expect(canViewCourse({ ...course, status: 'published', visibility: 'unlisted' }, outsider)).toBe(true);
    expect(canViewCourse({ ...course, status: 'published', visibility: 'private' }, null)).toBe(false);
    expect(canViewCourse({ ...course, status: 'archived' }, null)).toBe(false);
  });
  it('lets an admin of the company or the owning instructor edit, never a learner or another company', () => {
    expect(canEditCourse(course, member('admin'))).toBe(true);
    expect(canEditCourse(course, member('instructor', 'u-owner'))).toBe(true);
    expect(canEditCourse(course, member('instructor'))).toBe(false);
    expect(canEditCourse(course, member('learner', 'u-owner'))).toBe(false);
    expect(canEditCourse(course, outsider)).toBe(false);
  });
});
