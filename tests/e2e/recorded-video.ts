import type { Page } from '@playwright/test';
import type { TUpload } from '../../src/shared/schemas/uploads.ts';

export interface RecordedVideoOptions {
  /** How long the recording runs (2 by default). */
  seconds?: number;
  /** The file name the upload carries. */
  filename?: string;
  /** The type the browser claims for the file; the server reads the bytes and stores what it is. */
  claimedType?: string;
}

/**
 * Records a moving square with the browser's own encoder (a WebM that, as MediaRecorder makes it,
 * states no length) and uploads it to the course as the builder does (multipart, fields first).
 * Answers the upload's status and body, for the spec to assert.
 */
export async function uploadRecordedVideo(
  page: Page,
  courseId: string,
  options: RecordedVideoOptions = {},
): Promise<{ status: number; body: TUpload }> {
  const settings = {
    courseId,
    milliseconds: (options.seconds ?? 2) * 1000,
    filename: options.filename ?? 'optagelse.webm',
    claimedType: options.claimedType ?? 'video/webm',
  };
  return page.evaluate(async ({ courseId, milliseconds, filename, claimedType }) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - started;
        context.fillStyle = '#0f172a';
        context.fillRect(0, 0, 160, 120);
        context.fillStyle = '#38bdf8';
        context.fillRect((t / 20) % 140, 40, 20, 20);
        if (t < milliseconds) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await stopped;
    const form = new FormData();
    form.append('courseId', courseId);
    form.append('kind', 'video');
    form.append('file', new Blob(chunks, { type: claimedType }), filename);
    const response = await fetch('/api/uploads', { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as TUpload };
  }, settings);
}

/**
 * Plays the page's `<video src={src}>` muted until its picture moves, and answers the frame size
 * it decoded: the file came through (with its range requests) and really plays.
 */
export async function playVideo(page: Page, src: string): Promise<{ width: number; height: number }> {
  const video = page.locator(`video[src="${src}"]`);
  await video.waitFor();
  return video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    if (element.readyState < 3)
      await new Promise(
        (resolve, reject) => (
          (element.oncanplay = resolve),
          (element.onerror = () => reject(new Error(`video error ${element.error?.code}`)))
        ),
      );
    await element.play();
    await new Promise<void>((resolve) => {
      const moved = () => (element.currentTime > 0 ? resolve() : requestAnimationFrame(moved));
      moved();
    });
    return { width: element.videoWidth, height: element.videoHeight };
  });
}
