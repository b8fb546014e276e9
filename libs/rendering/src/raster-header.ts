/**
 * The pixel size a PNG, JPEG or WebP declares in its header, read without decoding anything, so
 * that an oversized image is refused before any decoder sees it (and a dry run can refuse it
 * without rasterising). Null when the header cannot be read; the decoder then has the last word.
 */
export function rasterHeaderSize(bytes: Buffer, format: 'png' | 'jpeg' | 'webp'): { width: number; height: number } | null {
  if (format === 'png') return bytes.length >= 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : null;
  if (format === 'jpeg') return jpegSize(bytes);
  return webpSize(bytes);
}

/** The first start-of-frame marker (SOF0…SOF15 but DHT, JPG and DAC) holds the frame's size. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}

/** RIFF….WEBP, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk. */
function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return null;
}
