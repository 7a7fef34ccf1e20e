// A zip bomb for the material tests and the zip bomb benchmark (plain JavaScript, so both can use it).
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip bomb dressed as a DOCX: word/document.xml unpacks to `bytes` of XML (empty paragraphs, no
 * text) from a file of a few hundred kilobytes. Written by hand so the CRC is computed natively and
 * the unpacked XML is never held: one piece of XML is deflated once (flushed to a byte boundary)
 * and repeated, and the pieces join into one deflate stream. `declared` is the unpacked size its
 * headers state: the truth, or a lie that only counting the bytes as they unpack can catch.
 */
export function docxBomb(bytes, { declared = 'truth' } = {}) {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
  const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>`);
  const filler = Buffer.from('<w:p><w:r><w:t/></w:r></w:p>'.repeat(1 << 15));
  const tail = Buffer.from('</w:body></w:document>');
  const repeats = Math.ceil(bytes / filler.length);
  let crc = crc32(head);
  for (let i = 0; i < repeats; i++) crc = crc32(filler, crc);
  crc = crc32(tail, crc);
  const sync = { level: 9, finishFlush: constants.Z_SYNC_FLUSH };
  const fillerDeflated = deflateRawSync(filler, sync);
  const documentData = Buffer.concat([
    deflateRawSync(head, sync),
    ...Array.from({ length: repeats }, () => fillerDeflated),
    deflateRawSync(tail),
  ]);
  const entries = [
    { name: '[Content_Types].xml', data: deflateRawSync(types), size: Buffer.byteLength(types), crc: crc32(types) },
    { name: '_rels/.rels', data: deflateRawSync(rels), size: Buffer.byteLength(rels), crc: crc32(rels) },
    {
      name: 'word/document.xml',
      data: documentData,
      size: declared === 'lie' ? 1024 : head.length + repeats * filler.length + tail.length,
      crc,
    },
  ];
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
