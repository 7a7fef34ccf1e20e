import { test as unguarded, type Page } from '@playwright/test';
import { DEMO_ACCOUNT } from './support.ts';
import { expect, test } from './fixtures.ts';
import { uploadRecordedVideo } from './recorded-video.ts';

// Media in a real browser: a video recorded in the page is uploaded as the builder will
// (multipart, fields first), then played from /api/uploads/:id through range requests; and the
// CSP lets a page frame only the YouTube (nocookie) and Vimeo players.

async function logInWithCourse(page: Page): Promise<string> {
  const login = await page.request.post('/api/login', { data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } });
  expect(login.status()).toBe(200);
  const course = await page.request.post('/api/courses', { data: { title: 'Medier i browseren' } });
  expect(course.status(), await course.text()).toBe(201);
  return ((await course.json()) as { id: string }).id;
}

test('a WebM recorded in the browser uploads and plays back from /api/uploads through range requests', async ({ page }) => {
  const courseId = await logInWithCourse(page);
  await page.goto('/');
  const ranges: { status: number; range: string | undefined }[] = [];
  page.on('response', (response) => {
    if (/\/api\/uploads\/[^/]+$/.test(response.url()))
      ranges.push({ status: response.status(), range: response.request().headers()['range'] });
  });

  // The name says .mp4; the server reads the bytes and stores what it is.
  const uploaded = await uploadRecordedVideo(page, courseId, { filename: 'optagelse.mp4', claimedType: 'video/mp4' });
  expect(uploaded.status).toBe(201);
  expect(uploaded.body).toMatchObject({ mime: 'video/webm', originalName: 'optagelse.mp4.webm' });
  expect(uploaded.body.size).toBeGreaterThan(1000);

  const played = await page.evaluate(async (url) => {
    const video = document.createElement('video');
    video.muted = true;
    video.src = url;
    document.body.append(video);
    await new Promise((resolve, reject) => {
      video.oncanplay = resolve;
      video.onerror = () => reject(new Error(`video error ${video.error?.code}`));
    });
    await video.play();
    await new Promise((r) => setTimeout(r, 300));
    return { width: video.videoWidth, height: video.videoHeight, time: video.currentTime };
  }, uploaded.body.url);
  expect(played).toMatchObject({ width: 160, height: 120 });
  expect(played.time).toBeGreaterThan(0);
  // The media element asks for ranges, and gets them.
  expect(ranges.some((r) => r.range?.startsWith('bytes=') && r.status === 206)).toBe(true);
});

// Unguarded: the refused frames are meant to put CSP errors on the console.
unguarded(
  'the CSP allows frames from this site (SCORM packages) and the YouTube (nocookie) and Vimeo players, and from no other site',
  async ({ page }) => {
    await page.goto('/');
    // The browser checks a frame's address against frame-src when its navigation starts, in the order
    // the frames were added: once a last, refused frame has been reported, the verdict on every frame
    // before it is in, however slow the machine.
    const blocked = await page.evaluate(async () => {
      const refused: string[] = [];
      const sentinel = 'https://sentinel.invalid';
      let sentinelRefused = false;
      const last = new Promise<void>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          if (event.effectiveDirective !== 'frame-src') return;
          // The browser reports a cross-origin URI by its origin only.
          if (event.blockedURI === sentinel) sentinelRefused = true;
          else refused.push(event.blockedURI);
          // The two frames that must be refused are waited for too, so that half never races.
          if (sentinelRefused && refused.length >= 2) resolve();
        });
      });
      for (const src of [
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        'https://player.vimeo.com/video/76979871',
        'https://www.youtube.com/embed/dQw4w9WgXcQ',
        'https://example.com/',
      ]) {
        const frame = document.createElement('iframe');
        frame.src = src;
        document.body.append(frame);
      }
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const frame = document.createElement('iframe');
      frame.src = `${sentinel}/`;
      document.body.append(frame);
      await last;
      return refused;
    });
    expect(blocked.sort()).toEqual(['https://example.com', 'https://www.youtube.com']);
  },
);
