// Makes src/server/demo/golden-circle.webm, the demo's uploaded video: the Golden Circle (why,
// how, what) drawn in eight seconds, recorded from a canvas by Chromium's MediaRecorder (VP8). The
// recorder writes no duration, so one is added to the file's Info element: players then know the
// length before the end, and a saved position can be resumed. Run once: node scripts/make-demo-video.mjs
/* global document, MediaRecorder, requestAnimationFrame */
import { writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const SECONDS = 8;
const out = new URL('../src/server/demo/golden-circle.webm', import.meta.url);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
await page.setContent('<canvas width="640" height="360"></canvas>');
const base64 = await page.evaluate(async (seconds) => {
  const canvas = document.querySelector('canvas');
  const g = canvas.getContext('2d');
  const rings = [
    { r: 150, colour: '#4f46e5', label: 'WHAT', note: 'the product, the service' },
    { r: 100, colour: '#0ea5e9', label: 'HOW', note: 'what makes it different' },
    { r: 50, colour: '#f59e0b', label: 'WHY', note: 'the purpose' },
  ];
  const draw = (t) => {
    g.fillStyle = '#0f172a';
    g.fillRect(0, 0, 640, 360);
    g.font = 'bold 22px sans-serif';
    g.fillStyle = '#f8fafc';
    g.fillText('The Golden Circle', 24, 40);
    g.font = '16px sans-serif';
    g.fillText('Start with why, then how, then what', 24, 66);
    // The circles appear from the inside out: why first.
    for (const [i, ring] of [...rings].reverse().entries()) {
      const share = Math.min(1, Math.max(0, t * 1.5 - i * 1.6) / 1.5);
      if (share === 0) continue;
      g.beginPath();
      g.arc(400, 200, ring.r, -Math.PI / 2, -Math.PI / 2 + share * 2 * Math.PI);
      g.lineWidth = 10;
      g.strokeStyle = ring.colour;
      g.stroke();
      if (share === 1) {
        g.fillStyle = ring.colour;
        g.font = 'bold 18px sans-serif';
        g.fillText(ring.label, 24, 130 + (2 - rings.indexOf(ring)) * 60);
        g.fillStyle = '#cbd5e1';
        g.font = '15px sans-serif';
        g.fillText(ring.note, 24, 150 + (2 - rings.indexOf(ring)) * 60);
      }
    }
  };
  const stream = canvas.captureStream(15);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 60_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  const start = performance.now();
  recorder.start();
  await new Promise((resolve) => {
    const frame = () => {
      const t = (performance.now() - start) / 1000;
      draw(t);
      if (t < seconds) requestAnimationFrame(frame);
      else resolve();
    };
    frame();
  });
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}, SECONDS);
await browser.close();

/** An EBML variable-length integer at `at`: its width in bytes and its value. */
function vint(bytes, at) {
  let width = 1;
  while (width <= 8 && !(bytes[at] & (0x80 >> (width - 1)))) width++;
  let value = bytes[at] & (0xff >> width);
  for (let i = 1; i < width; i++) value = value * 256 + bytes[at + i];
  return { width, value };
}

const webm = Buffer.from(base64, 'base64');
const INFO = Buffer.from([0x15, 0x49, 0xa9, 0x66]);
const info = webm.indexOf(INFO);
if (info < 0) throw new Error('no Info element in the recording');
const size = vint(webm, info + 4);
const duration = Buffer.alloc(11);
duration.set([0x44, 0x89, 0x88]);
duration.writeDoubleBE(SECONDS * 1000, 3); // in TimecodeScale units: the recorder's default, milliseconds
const newSize = size.value + duration.length;
if (newSize >= 2 ** (7 * size.width) - 1) throw new Error('the Info size does not fit its width');
const sizeBytes = Buffer.alloc(size.width);
let rest = newSize;
for (let i = size.width - 1; i >= 0; i--) {
  sizeBytes[i] = rest & 0xff;
  rest = Math.floor(rest / 256);
}
sizeBytes[0] |= 0x80 >> (size.width - 1);
const body = info + 4 + size.width;
const fixed = Buffer.concat([
  webm.subarray(0, info + 4),
  sizeBytes,
  webm.subarray(body, body + size.value),
  duration,
  webm.subarray(body + size.value),
]);
await writeFile(out, fixed);
console.log(`${out.pathname}: ${fixed.length} bytes`);
