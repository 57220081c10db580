import type { MediaKind } from '../../api/index.ts';

/** What a file's first bytes say it is. */
export interface SniffedMedia {
  kind: MediaKind;
  /** The media type it is served with. */
  type: string;
}

/** For the 415's message: every accepted format, by kind. */
export const ACCEPTED_FORMATS = 'images PNG, JPEG, GIF, WebP; sounds MP3, Ogg (Vorbis, Opus), WAV; videos MP4, WebM';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((byte, i) => bytes[at + i] === byte);

/**
 * The file's kind and type from its first bytes only, never from its name or a header: a forged
 * name or type cannot make an HTML page or an SVG (which can run script) into a served "picture".
 * `undefined` for anything else.
 */
export function sniffMedia(bytes: Uint8Array): SniffedMedia | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', type: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', type: 'image/jpeg' };
  const head = ascii(bytes, 0, 12);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return { kind: 'image', type: 'image/gif' };
  if (head.startsWith('RIFF') && head.endsWith('WEBP')) return { kind: 'image', type: 'image/webp' };
  if (head.startsWith('RIFF') && head.endsWith('WAVE')) return { kind: 'sound', type: 'audio/wav' };
  if (head.startsWith('ID3') || isMp3Frame(bytes)) return { kind: 'sound', type: 'audio/mpeg' };
  if (head.startsWith('OggS')) return isOggAudio(bytes) ? { kind: 'sound', type: 'audio/ogg' } : undefined;
  if (head.slice(4, 8) === 'ftyp') return isMp4Video(head.slice(8, 12)) ? { kind: 'video', type: 'video/mp4' } : undefined;
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return isWebm(bytes) ? { kind: 'video', type: 'video/webm' } : undefined;
  return undefined;
}

/** An MPEG audio layer III frame header (an MP3 without ID3 tag): sync bits, a known version, a real bitrate and rate. */
function isMp3Frame(bytes: Uint8Array): boolean {
  const [first = 0, second = 0, third = 0] = bytes;
  const sync = first === 0xff && (second & 0xe0) === 0xe0;
  const version = (second >> 3) & 0b11;
  const layer = (second >> 1) & 0b11;
  const bitrate = third >> 4;
  const rate = (third >> 2) & 0b11;
  return sync && version !== 0b01 && layer === 0b01 && bitrate !== 0 && bitrate !== 0xf && rate !== 0b11;
}

/** The first page's first packet opens a Vorbis or an Opus stream (Theora, FLAC and others are refused). */
function isOggAudio(bytes: Uint8Array): boolean {
  const segments = bytes[26] ?? 0;
  const packet = 27 + segments;
  return ascii(bytes, packet, packet + 7) === '\x01vorbis' || ascii(bytes, packet, packet + 8) === 'OpusHead';
}

/** HEIF and AVIF pictures share MP4's `ftyp` box; Chromium shows neither as a video. */
const STILL_BRANDS = ['avif', 'avis', 'heic', 'heix', 'hevc', 'mif1', 'msf1'];
function isMp4Video(brand: string): boolean {
  return brand.length === 4 && !STILL_BRANDS.includes(brand);
}

/** EBML whose DocType (element 0x4282) is `webm`: a Matroska file may hold codecs Chromium cannot play. */
function isWebm(bytes: Uint8Array): boolean {
  const header = bytes.subarray(0, 64);
  for (let i = 4; i + 6 < header.length; i++) {
    if (header[i] === 0x42 && header[i + 1] === 0x82) return ascii(header, i + 3, i + 7) === 'webm';
  }
  return false;
}

/** Types a browser or a tool may send for each detected type; anything else named by `Content-Type` contradicts the bytes. */
const ALIASES: Record<string, readonly string[]> = {
  'image/png': ['image/png', 'image/apng'],
  'image/jpeg': ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  'image/gif': ['image/gif'],
  'image/webp': ['image/webp'],
  'audio/wav': ['audio/wav', 'audio/wave', 'audio/x-wav', 'audio/vnd.wave'],
  'audio/mpeg': ['audio/mpeg', 'audio/mp3', 'audio/mpeg3', 'audio/x-mpeg-3'],
  'audio/ogg': ['audio/ogg', 'application/ogg', 'audio/opus', 'audio/vorbis', 'video/ogg'],
  'video/mp4': ['video/mp4', 'audio/mp4', 'application/mp4', 'video/x-m4v', 'audio/x-m4a'],
  'video/webm': ['video/webm', 'audio/webm'],
};

/** Says nothing about the file, so contradicts nothing: what a browser sends for a file it does not know. */
const UNSAID = ['', 'application/octet-stream', 'binary/octet-stream'];

/** True when the request's `Content-Type` names another type than the bytes have (parameters ignored). */
export function contradicts(contentType: string | null, sniffed: SniffedMedia): boolean {
  const named = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return !UNSAID.includes(named) && !(ALIASES[sniffed.type] ?? [sniffed.type]).includes(named);
}
