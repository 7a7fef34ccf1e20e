import { createSocket } from 'node:dgram';
import { existsSync, readFileSync } from 'node:fs';

/**
 * A small DNS server on loopback (UDP) that answers TXT questions from a table the test fills,
 * so the product's own resolver code (node's c-ares) runs for real: a name in the table gets its
 * records, any other name NXDOMAIN.
 */
export interface TestDns {
  /** `127.0.0.1:port`, for DNS_SERVERS. */
  server: string;
  txt: Map<string, string[]>;
  /** Questions asked, as `TYPE name`. */
  asked: string[];
  close(): Promise<void>;
}

const TXT = 16;

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at]! > 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

function answer(query: Buffer, records: Map<string, string[]>, asked: string[]): Buffer {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  asked.push(`${type === TXT ? 'TXT' : type} ${name}`);
  const question = query.subarray(12, end + 4);
  const found = records.get(name);
  const texts = type === TXT ? (found ?? []) : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  // A response, recursion desired and available; NXDOMAIN for a name the table does not have.
  header.writeUInt16BE(found ? 0x8180 : 0x8183, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(texts.length, 6);
  const answers = texts.map((text) => {
    const bytes = Buffer.from(text, 'utf8');
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length || chunks.length === 0; at += 255) {
      const part = bytes.subarray(at, at + 255);
      chunks.push(Buffer.from([part.length]), part);
    }
    const rdata = Buffer.concat(chunks);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    fixed.writeUInt16BE(TXT, 2);
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([fixed, rdata]);
  });
  return Buffer.concat([header, question, ...answers]);
}

/**
 * `recordsFile`: a JSON object of name → TXT values, read at every question (the browser tests'
 * server runs in another process than the specs, which write the file).
 */
export async function startTestDns(options: { recordsFile?: string } = {}): Promise<TestDns> {
  const socket = createSocket('udp4');
  const txt = new Map<string, string[]>();
  const asked: string[] = [];
  const records = () => {
    const { recordsFile } = options;
    if (!recordsFile || !existsSync(recordsFile)) return txt;
    return new Map<string, string[]>([
      ...txt,
      ...Object.entries(JSON.parse(readFileSync(recordsFile, 'utf8')) as Record<string, string[]>),
    ]);
  };
  socket.on('message', (query, from) => {
    try {
      socket.send(answer(query, records(), asked), from.port, from.address);
    } catch {
      // A malformed question gets no answer, as from a real server that drops it.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    txt,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
