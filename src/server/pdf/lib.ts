import type * as PdfLibModule from 'pdf-lib';

/**
 * pdf-lib is imported when the first PDF is made (a certificate, an invoice, a workbook, the demo's
 * handouts), not at start: it is several MB of code a server answering pages and the API never
 * runs. The promise is kept, so it loads once.
 */
export type PdfLib = typeof PdfLibModule;

let loading: Promise<PdfLib> | undefined;

export function loadPdfLib(): Promise<PdfLib> {
  loading ??= import('pdf-lib');
  return loading;
}
