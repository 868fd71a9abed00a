/** Real file bytes for upload tests: PNG pictures, MP4 videos, and the multipart body that carries them. */
import zlib from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real RGB PNG of the given size. `seed` fills its pixels, so two pictures of different seeds
 * differ; `padTo` pads it with a text chunk to that many bytes (for size limits).
 */
export function png(width: number, height: number, { seed = 0, padTo = 0 }: { seed?: number; padTo?: number } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height, seed % 256);
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', zlib.deflateSync(raw))];
  const size = parts.reduce((sum, part) => sum + part.length, 0) + 12;
  if (padTo > size + 12) parts.push(pngChunk('tEXt', Buffer.alloc(padTo - size - 12, 0x61)));
  parts.push(pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** An ISO base media box: its size, its type and what it holds. */
export function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8);
  header.write(type, 4, 'ascii');
  return Buffer.concat([header, body]);
}

/**
 * An ISO base media file (what an MP4 or MOV is) lasting `seconds`: ftyp, the media data,
 * and the movie header, which cameras often write after the data.
 */
export function mp4(seconds: number, { brand = 'isom', mediaBytes = 4096, headerFirst = false } = {}): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(600, 12); // timescale
  mvhd.writeUInt32BE(seconds * 600, 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20);
  mvhd.writeUInt16BE(0x0100, 24);
  mvhd.writeUInt32BE(0x00010000, 36);
  mvhd.writeUInt32BE(0x00010000, 52);
  mvhd.writeUInt32BE(0x40000000, 68);
  mvhd.writeUInt32BE(2, 96);
  const ftyp = box('ftyp', Buffer.from(brand), Buffer.from([0, 0, 2, 0]), Buffer.from(`${brand}mp41`));
  const moov = box('moov', box('mvhd', mvhd));
  const mdat = box('mdat', Buffer.alloc(mediaBytes, 7));
  return Buffer.concat(headerFirst ? [ftyp, moov, mdat] : [ftyp, mdat, moov]);
}

/** The body and header of a multipart upload of one file (and optionally a `scene` field before it). */
export function multipart(filename: string, bytes: Buffer, { field = 'file', scene }: { field?: string; scene?: string } = {}) {
  const boundary = '----agora-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(scene === undefined ? '' : `--${boundary}\r\nContent-Disposition: form-data; name="scene"\r\n\r\n${scene}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
