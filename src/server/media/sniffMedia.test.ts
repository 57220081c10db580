import { describe, expect, it } from 'vitest';
import { REFUSED_FILES, sampleFile, toneWav } from '../testing/sampleMedia.ts';
import { contradicts, sniffMedia } from './sniffMedia.ts';

describe('sniffMedia', () => {
  it.each([
    ['png', 'image', 'image/png'],
    ['jpeg', 'image', 'image/jpeg'],
    ['gif', 'image', 'image/gif'],
    ['webp', 'image', 'image/webp'],
    ['wav', 'sound', 'audio/wav'],
    ['mp3Id3', 'sound', 'audio/mpeg'],
    ['mp3Frame', 'sound', 'audio/mpeg'],
    ['oggVorbis', 'sound', 'audio/ogg'],
    ['oggOpus', 'sound', 'audio/ogg'],
    ['mp4', 'video', 'video/mp4'],
    ['webm', 'video', 'video/webm'],
  ] as const)('knows %s by its first bytes: %s, %s', (format, kind, type) => {
    expect(sniffMedia(sampleFile(format))).toEqual({ kind, type });
  });

  it('knows a real WAV', () => {
    expect(sniffMedia(toneWav(0.1))).toEqual({ kind: 'sound', type: 'audio/wav' });
  });

  it.each(Object.entries(REFUSED_FILES))('refuses %s', (_, bytes) => {
    expect(sniffMedia(bytes)).toBeUndefined();
  });

  it('refuses files too short to be anything, and MPEG audio that is not layer III', () => {
    expect(sniffMedia(new Uint8Array([0x89, 0x50]))).toBeUndefined();
    expect(sniffMedia(new Uint8Array([0xff, 0xf1, 0x50, 0x80]))).toBeUndefined(); // AAC ADTS
    expect(sniffMedia(new Uint8Array([0xff, 0xfb, 0xf0, 0x64]))).toBeUndefined(); // bad bitrate
  });
});

describe('contradicts', () => {
  const png = { kind: 'image', type: 'image/png' } as const;
  it('accepts no type, octet-stream, the type itself with parameters, and its aliases', () => {
    for (const header of [null, '', 'application/octet-stream', 'image/png', 'IMAGE/PNG; charset=binary']) expect(contradicts(header, png)).toBe(false);
    expect(contradicts('audio/mp3', { kind: 'sound', type: 'audio/mpeg' })).toBe(false);
  });

  it('refuses any other type named', () => {
    for (const header of ['image/gif', 'image/svg+xml', 'text/html', 'video/mp4']) expect(contradicts(header, png)).toBe(true);
  });
});
