import fsp from 'node:fs/promises';

/** What file-type calls the ISO base media files (mp4, mov, m4v, 3gp) whose movie header mp4box reads. */
const ISO_MEDIA = new Set(['mp4', 'm4v', 'mov', 'f4v', '3gp', '3g2']);

const CHUNK = 256 * 1024;
/** Enough to reach a movie header at the end of a file with a few boxes before it. */
const MAX_READS = 64;

export type ReadAt = (position: number, length: number) => Promise<Buffer>;

/**
 * The length of a video in whole seconds (rounded), read from its movie header (`moov/mvhd`).
 * Only the boxes' headers and the movie header are read: mp4box tells which position it needs
 * next, so the media data between them is skipped, wherever the header sits. null for other
 * containers or a file without a readable header.
 */
export async function videoDuration(detectedExt: string, size: number, read: ReadAt): Promise<number | null> {
  if (!ISO_MEDIA.has(detectedExt)) return null;
  // loaded on the first video, not at start (platform/lazy.ts)
  const { createFile, Log, MP4BoxBuffer } = await import('mp4box');
  // mp4box reports every odd box on the console; only its errors are worth a line.
  Log.setLogLevel(Log.error);
  const file = createFile();
  let seconds: number | null = null;
  file.onReady = (info) => {
    if (info.timescale > 0 && info.duration > 0) seconds = Math.round(info.duration / info.timescale);
  };
  file.onError = () => undefined;
  let position = 0;
  try {
    for (let reads = 0; reads < MAX_READS && position < size && seconds === null; reads++) {
      const bytes = await read(position, Math.min(CHUNK, size - position));
      if (bytes.length === 0) break;
      const chunk = MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer, position);
      const next = file.appendBuffer(chunk, position + bytes.length >= size);
      position = next > position ? next : position + bytes.length;
    }
    file.flush();
  } catch {
    return null;
  }
  return seconds;
}

export const readFromBuffer = (bytes: Buffer): ReadAt => async (position, length) => bytes.subarray(position, position + length);

/** Reads `file` at positions through one open handle; close it when done. */
export async function fileReader(file: string): Promise<{ read: ReadAt; size: number; close(): Promise<void> }> {
  const handle = await fsp.open(file, 'r');
  const { size } = await handle.stat();
  return {
    size,
    read: async (position, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    },
    close: () => handle.close(),
  };
}
