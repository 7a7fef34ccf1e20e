import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { encode } from 'uqr';
import { loadPdfLib, type PdfLib } from '../../../pdf/lib.ts';
import { drawableText, wrap } from '../../../pdf/text.ts';
import { formatDate, formatHours, WORDING, type CertificateLanguage } from './wording.ts';

const [WIDTH, HEIGHT] = [841.89, 595.28]; // A4, landscape

/** The certificate's colours (made with pdf-lib, so once it is loaded). */
const palette = (rgb: PdfLib['rgb']) => ({
  INK: rgb(0.09, 0.11, 0.15),
  MUTED: rgb(0.35, 0.37, 0.42),
  ACCENT: rgb(0.15, 0.3, 0.7),
  REVOKED: rgb(0.7, 0.08, 0.08),
  WHITE: rgb(1, 1, 1),
  BLACK: rgb(0, 0, 0),
});

export interface CertificateDocument {
  /** A course's certificate, or a learning path's (its title in courseTitle, its maker as instructorName). */
  kind: 'course' | 'path';
  code: string;
  holderName: string;
  courseTitle: string;
  companyName: string;
  instructorName: string;
  issuedAt: string;
  /** When it stops being valid; null: never. */
  expiresAt: string | null;
  minutes: number;
  language: CertificateLanguage;
  keyId: string;
  verifyUrl: string;
  revokedAt: string | null;
  /** The issuing company's brand: its logo at the top, its colour for the frame and the address. */
  brand?: CertificateBrand;
}

export interface CertificateBrand {
  /** A shade that passes AA on white (src/shared/brand.ts), `#rrggbb`. */
  accent: string | null;
  logo: { bytes: Uint8Array; mime: string } | null;
  /** No Kursa mark: the company's logo or name heads the page instead. */
  whiteLabel: boolean;
}

const hexColour = (rgb: PdfLib['rgb'], hex: string) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
};

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/** One line centred on the page, shrunk (down to `min`) until it fits `width`. */
function centred(page: PDFPage, text: string, font: PDFFont, y: number, size: number, color: Color, min = size, width = WIDTH - 160) {
  let fitted = size;
  while (fitted > min && font.widthOfTextAtSize(text, fitted) > width) fitted -= 1;
  page.drawText(text, { x: (WIDTH - font.widthOfTextAtSize(text, fitted)) / 2, y, size: fitted, font, color });
}

/** The QR code of `text` as vector squares (one rectangle per run of dark modules in a row), `size` points wide. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number, color: Color) {
  const qr = encode(text, { ecc: 'M', border: 0 });
  const cell = size / qr.size;
  qr.data.forEach((row, r) => {
    for (let c = 0; c < qr.size; c++) {
      if (!row[c]) continue;
      let end = c;
      while (end < qr.size && row[end]) end++;
      // A hair of overlap, so viewers draw no seams between neighbouring modules.
      page.drawRectangle({
        x: x + c * cell,
        y: y + size - (r + 1) * cell - 0.05,
        width: (end - c) * cell + 0.05,
        height: cell + 0.1,
        color,
      });
      c = end;
    }
  });
}

/**
 * The company's logo, centred at the top within a 200 × 44 point box, its proportions kept.
 * False when there is none, or its bytes are not an image pdf-lib draws (PNG and JPEG; the others
 * fall back to the name).
 */
async function drawLogo(document: PDFDocument, page: PDFPage, logo: CertificateBrand['logo']): Promise<boolean> {
  if (!logo) return false;
  try {
    const image =
      logo.mime === 'image/png'
        ? await document.embedPng(logo.bytes)
        : logo.mime === 'image/jpeg'
          ? await document.embedJpg(logo.bytes)
          : null;
    if (!image) return false;
    const scale = Math.min(200 / image.width, 44 / image.height);
    const [width, height] = [image.width * scale, image.height * scale];
    page.drawImage(image, { x: (WIDTH - width) / 2, y: HEIGHT - 52 - height, width, height });
    return true;
  } catch {
    return false;
  }
}

/**
 * The certificate as a printable A4 page in its own language: who completed which course of which
 * company, with whom, when and how long, and how to check it (the code, the address and its QR
 * code). A revoked certificate says so across the top; the verification page is the authority.
 */
export async function renderCertificatePdf(cert: CertificateDocument): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const colours = palette(rgb);
  const { INK, MUTED, REVOKED, WHITE, BLACK } = colours;
  const ACCENT = cert.brand?.accent ? hexColour(rgb, cert.brand.accent) : colours.ACCENT;
  const w = WORDING[cert.language];
  const document = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
    mono: await document.embedFont(StandardFonts.CourierBold),
  };
  const safe = drawableText(fonts.regular);
  const holder = safe(cert.holderName);
  const course = safe(cert.courseTitle);
  document.setTitle(`${w.title}: ${holder}, ${course}`);
  document.setAuthor(safe(cert.companyName));
  document.setSubject(course);
  document.setKeywords([cert.code]);
  const maker = cert.brand?.whiteLabel ? safe(cert.companyName) : 'Kursa';
  document.setCreator(maker);
  document.setProducer(maker);
  document.setLanguage(w.locale);

  const page = document.addPage([WIDTH, HEIGHT]);
  page.drawRectangle({ x: 24, y: 24, width: WIDTH - 48, height: HEIGHT - 48, borderColor: ACCENT, borderWidth: 2 });
  page.drawRectangle({ x: 30, y: 30, width: WIDTH - 60, height: HEIGHT - 60, borderColor: ACCENT, borderWidth: 0.5 });
  if (cert.revokedAt) {
    page.drawRectangle({ x: 30, y: HEIGHT - 84, width: WIDTH - 60, height: 40, color: REVOKED });
    centred(page, w.revoked(formatDate(cert.revokedAt, cert.language)), fonts.bold, HEIGHT - 70, 18, WHITE);
  } else if (!(await drawLogo(document, page, cert.brand?.logo ?? null))) {
    // Without a logo the page is headed by a name: Kursa's, or with white label the company's.
    centred(page, cert.brand?.whiteLabel ? safe(cert.companyName).toUpperCase() : 'KURSA', fonts.bold, HEIGHT - 74, 14, ACCENT, 9);
  }

  centred(page, w.title, fonts.bold, HEIGHT - 128, 34, INK, 24);
  centred(page, w.certifies, fonts.regular, HEIGHT - 168, 14, MUTED);
  centred(page, holder, fonts.bold, HEIGHT - 212, 32, INK, 16);
  centred(page, cert.kind === 'path' ? w.pathCompleted : w.completed, fonts.regular, HEIGHT - 246, 14, MUTED);
  // Up to two lines of course title, smaller if it needs more.
  let size = 22;
  let lines = wrap(course, fonts.bold, size, WIDTH - 160);
  while (lines.length > 2 && size > 12) lines = wrap(course, fonts.bold, --size, WIDTH - 160);
  let y = HEIGHT - 284;
  for (const line of lines.slice(0, 3)) {
    centred(page, line, fonts.bold, y, size, INK, 10);
    y -= size * 1.25;
  }
  centred(page, safe(w.offeredBy(cert.companyName)), fonts.regular, y - 6, 14, MUTED, 9);

  const facts: [string, string][] = [
    [cert.kind === 'path' ? w.responsible : w.instructor, safe(cert.instructorName)],
    [w.date, formatDate(cert.issuedAt, cert.language)],
    ...(cert.expiresAt ? [[w.validUntil, formatDate(cert.expiresAt, cert.language)] as [string, string]] : []),
    ...(cert.minutes > 0 ? [[w.duration, formatHours(cert.minutes, cert.language)] as [string, string]] : []),
  ];
  let row = 200;
  for (const [label, value] of facts) {
    page.drawText(`${label}:`, { x: 72, y: row, size: 12, font: fonts.regular, color: MUTED });
    page.drawText(value, { x: 190, y: row, size: 12, font: fonts.bold, color: INK, maxWidth: 420 });
    row -= 22;
  }
  page.drawText(`${w.code}:`, { x: 72, y: row, size: 12, font: fonts.regular, color: MUTED });
  page.drawText(cert.code, { x: 190, y: row - 1, size: 14, font: fonts.mono, color: INK });
  page.drawText(`${w.verifyAt}:`, { x: 72, y: 98, size: 10, font: fonts.regular, color: MUTED });
  page.drawText(safe(cert.verifyUrl), { x: 72, y: 84, size: 10, font: fonts.regular, color: ACCENT });

  const qr = 112;
  drawQr(page, cert.verifyUrl, WIDTH - 72 - qr, 84, qr, BLACK);
  const scan = fonts.regular.widthOfTextAtSize(w.scan, 9);
  page.drawText(w.scan, { x: WIDTH - 72 - qr / 2 - scan / 2, y: 70, size: 9, font: fonts.regular, color: MUTED });
  centred(page, cert.brand?.whiteLabel ? w.signedOwn(cert.keyId) : w.signed(cert.keyId), fonts.regular, 44, 8, MUTED, 6, WIDTH - 120);
  return document.save();
}
