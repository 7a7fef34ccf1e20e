// Runs as a child process of the server (see renderDemoPdfsApart in pdf.ts): renders the demo's
// handouts and sends their bytes back, so pdf-lib is loaded into this process, whose memory goes
// back to the system when it exits, and never into the server's.
import type { DemoPdf } from './courses.ts';
import { renderDemoPdf } from './pdf.ts';

process.once('message', (message: { pdfs: DemoPdf[]; footer: string }) => {
  void (async () => {
    const rendered: Uint8Array[] = [];
    for (const pdf of message.pdfs) rendered.push(await renderDemoPdf(pdf, message.footer));
    // Sent, the channel is closed: with nothing else open, the process ends.
    process.send?.(rendered, () => process.disconnect());
  })();
});
