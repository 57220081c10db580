/**
 * The first bytes of each accepted format (enough for the sniffer, padded to `size`), a real WAV that
 * browsers play, and files that must be refused. For tests only.
 */
const bytesOf = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x2a)]);

/** An Ogg page header whose first packet starts with `packet`. */
const oggPage = (packet: string) => bytesOf('OggS', [0, 2], Array(20).fill(0), [1, 30], packet);

export const SAMPLE_HEADS = {
  png: bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR'),
  jpeg: bytesOf([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'),
  gif: bytesOf('GIF89a', [1, 0, 1, 0]),
  webp: bytesOf('RIFF', [0, 1, 0, 0], 'WEBPVP8X'),
  wav: bytesOf('RIFF', [0, 1, 0, 0], 'WAVEfmt '),
  mp3Id3: bytesOf('ID3', [4, 0, 0, 0, 0, 0, 0]),
  mp3Frame: bytesOf([0xff, 0xfb, 0x90, 0x64]),
  oggVorbis: oggPage('\x01vorbis'),
  oggOpus: oggPage('OpusHead'),
  mp4: bytesOf([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]),
  webm: bytesOf([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0x82, 0x84], 'webm'),
} as const;

export type SampleFormat = keyof typeof SAMPLE_HEADS;

/** A file of `format` of `size` bytes (its head, then filler). */
export function sampleFile(format: SampleFormat, size = 64): Buffer {
  return padded(SAMPLE_HEADS[format], size);
}

/** Files that are none of the formats: each must get 415. */
export const REFUSED_FILES = {
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
  html: Buffer.from('<!doctype html><script>fetch("/me")</script>'),
  executable: bytesOf([0x7f], 'ELF', [2, 1, 1, 0], Array(56).fill(0)),
  matroska: bytesOf([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0x82, 0x88], 'matroska'),
  avif: bytesOf([0, 0, 0, 0x20], 'ftypavif', [0, 0, 0, 0]),
  oggTheora: oggPage('\x80theora'),
  text: Buffer.from('just some words'),
} as const;

/**
 * A real, playable WAV: `seconds` of a quiet tone, 16-bit mono at `rate` Hz, whose bytes are a
 * function of their position so that any range read can be checked.
 */
export function toneWav(seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples * 2, 40);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((i * 2 * Math.PI * 440) / rate) * 800), i * 2);
  return Buffer.concat([header, data]);
}
