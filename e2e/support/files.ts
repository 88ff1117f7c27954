/**
 * Files for the upload specs, made in memory: a real PNG (any size, so the
 * progress bar has something to show) and a small PDF.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A `size` x `size` RGB PNG of noise-like stripes, stored without compression
 * (deflate level 0) so its byte size is about 3 * size^2.
 */
export function makePng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, default compression/filter/interlace
  const rows = Buffer.alloc(size * (1 + 3 * size));
  for (let y = 0; y < size; y++) {
    const offset = y * (1 + 3 * size);
    for (let x = 0; x < size; x++) {
      rows[offset + 1 + 3 * x] = (x * 7 + y) & 0xff;
      rows[offset + 2 + 3 * x] = (y * 5) & 0xff;
      rows[offset + 3 + 3 * x] = 0x90;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF whose text is `title` (bytes differ per title, so downloads can be told apart). */
export function makePdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  return Buffer.from(
    `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R >> endobj
4 0 obj << /Length ${text.length + 30} >> stream
BT /F1 18 Tf 20 70 Td (${text}) Tj ET
endstream endobj
trailer << /Root 1 0 R >>
%%EOF
`,
  );
}

/**
 * `byteSize` bytes that open like an MP4 (an `ftyp` box: confirm's content
 * sniffing reads `video/mp4`), then bytes that differ along the file, so a
 * part stored at the wrong place would show in the download.
 */
export function makeMp4(byteSize: number): Buffer {
  const file = Buffer.alloc(byteSize);
  file.writeUInt32BE(0x20, 0);
  file.write('ftypisom', 4, 'ascii');
  file.writeUInt32BE(0x200, 12);
  file.write('isomiso2avc1mp41', 16, 'ascii');
  for (let offset = 4096; offset + 4 <= byteSize; offset += 4096) file.writeUInt32BE(offset, offset);
  return file;
}
