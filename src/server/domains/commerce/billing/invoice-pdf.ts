import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { VAT_PERCENT } from '../../../../shared/plans.ts';
import { loadPdfLib, type PdfLib } from '../../../pdf/lib.ts';
import { drawableText, wrap } from '../../../pdf/text.ts';

export interface InvoiceParty {
  name: string;
  /** Street, postal code and town, one line each. */
  address: string[];
  cvr: string | null;
  email: string | null;
  /** The buyer's EAN location number (public-sector buyers). */
  ean?: string | null;
  /** The person who bought (a course for themself). */
  attention?: string | null;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Minor units without moms. */
  unitAmount: number;
  amount: number;
}

export interface InvoiceDocument {
  number: number;
  issuedAt: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  currency: string;
  subtotal: number;
  vat: number;
  total: number;
}

const [WIDTH, HEIGHT] = [595.28, 841.89]; // A4, portrait
const MARGIN = 56;
/** The invoice's colours (made with pdf-lib, so once it is loaded). */
const palette = (rgb: PdfLib['rgb']) => ({ INK: rgb(0.09, 0.11, 0.15), MUTED: rgb(0.35, 0.37, 0.42), RULE: rgb(0.8, 0.82, 0.86) });

/** An amount in minor units as Danish text: 1.234,56 DKK. */
export function formatAmount(minor: number, currency: string): string {
  const major = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }).format(
    minor / 100,
  );
  return `${major} ${currency}`;
}

export function formatInvoiceDate(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}

function right(page: PDFPage, text: string, font: PDFFont, size: number, x: number, y: number, color: Color) {
  page.drawText(text, { x: x - font.widthOfTextAtSize(text, size), y, size, font, color });
}

/**
 * A Danish invoice (faktura) on one A4 page, in Danish: number and date, the seller and the buyer
 * with their CVR numbers (and the buyer's EAN number when given), the lines without moms, the
 * subtotal, 25 % moms shown on its own, and the total. The payment was taken by card at checkout.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const { INK, MUTED, RULE } = palette(rgb);
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const safe = drawableText(regular);
  document.setTitle(`Faktura ${invoice.number}: ${safe(invoice.seller.name)}`);
  document.setAuthor(safe(invoice.seller.name));
  document.setSubject(`Faktura ${invoice.number}`);
  document.setCreator('Kursa');
  document.setProducer('Kursa');
  document.setLanguage('da-DK');
  const page = document.addPage([WIDTH, HEIGHT]);

  let y = HEIGHT - MARGIN - 10;
  page.drawText('Faktura', { x: MARGIN, y, size: 26, font: bold, color: INK });
  right(page, `Fakturanr. ${invoice.number}`, bold, 12, WIDTH - MARGIN, y + 10, INK);
  right(page, `Fakturadato ${formatInvoiceDate(invoice.issuedAt)}`, regular, 11, WIDTH - MARGIN, y - 6, MUTED);

  const party = (title: string, p: InvoiceParty, x: number, top: number): number => {
    let at = top;
    page.drawText(title, { x, y: at, size: 10, font: bold, color: MUTED });
    at -= 16;
    for (const line of wrap(safe(p.name), bold, 11, 220).slice(0, 2)) {
      page.drawText(line, { x, y: at, size: 11, font: bold, color: INK });
      at -= 14;
    }
    const rows = [
      ...(p.attention ? [`Att.: ${p.attention}`] : []),
      ...p.address,
      ...(p.cvr ? [`CVR-nr. ${p.cvr}`] : []),
      ...(p.ean ? [`EAN-nr. ${p.ean}`] : []),
      ...(p.email ? [p.email] : []),
    ];
    for (const row of rows) {
      for (const line of wrap(safe(row), regular, 10, 220)) {
        page.drawText(line, { x, y: at, size: 10, font: regular, color: INK });
        at -= 13;
      }
    }
    return at;
  };
  const top = y - 52;
  const end = Math.min(party('Sælger', invoice.seller, MARGIN, top), party('Køber', invoice.buyer, WIDTH / 2 + 10, top));

  // The lines.
  y = end - 30;
  const cols = { description: MARGIN, quantity: 340, unit: 440, amount: WIDTH - MARGIN };
  page.drawText('Beskrivelse', { x: cols.description, y, size: 10, font: bold, color: MUTED });
  right(page, 'Antal', bold, 10, cols.quantity, y, MUTED);
  right(page, 'Stykpris', bold, 10, cols.unit, y, MUTED);
  right(page, 'Beløb', bold, 10, cols.amount, y, MUTED);
  y -= 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.7, color: RULE });
  y -= 16;
  for (const line of invoice.lines) {
    const words = wrap(safe(line.description), regular, 10, cols.quantity - MARGIN - 40);
    right(page, String(line.quantity), regular, 10, cols.quantity, y, INK);
    right(page, formatAmount(line.unitAmount, invoice.currency), regular, 10, cols.unit, y, INK);
    right(page, formatAmount(line.amount, invoice.currency), regular, 10, cols.amount, y, INK);
    for (const w of words) {
      page.drawText(w, { x: cols.description, y, size: 10, font: regular, color: INK });
      y -= 14;
    }
    y -= 4;
  }
  page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: WIDTH - MARGIN, y: y + 6 }, thickness: 0.7, color: RULE });

  // The sums: moms on its own line.
  y -= 14;
  const sums: [string, number, PDFFont][] = [
    ['Subtotal ekskl. moms', invoice.subtotal, regular],
    [`Moms ${VAT_PERCENT} %`, invoice.vat, regular],
    ['Total inkl. moms', invoice.total, bold],
  ];
  for (const [label, amount, font] of sums) {
    right(page, label, font, 11, cols.unit, y, INK);
    right(page, formatAmount(amount, invoice.currency), font, 11, cols.amount, y, INK);
    y -= 18;
  }

  y -= 20;
  page.drawText('Betalt med kort ved bestillingen. Beløbet er trukket; der skal ikke betales yderligere.', {
    x: MARGIN,
    y,
    size: 9,
    font: regular,
    color: MUTED,
  });
  return document.save();
}
