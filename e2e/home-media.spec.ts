import { writeFile } from 'node:fs/promises';
import { expect, test as base } from './fixtures.ts';
import { HomePage } from './support/HomePage.ts';

/** A 1x1 PNG, the smallest picture the library takes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** What a forged picture looks like: an SVG (which can run script), refused by its bytes whatever its name. */
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const QUOTA = '250 MB';

/** A second of silence: an 8 kHz, 8-bit mono WAV (8,044 bytes), a sound Chromium plays. */
function tinyWav(samples = 8000): Buffer {
  const wav = Buffer.alloc(44 + samples, 0x80);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(8000, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples, 40);
  return wav;
}
const WAV = tinyWav();

/** A WebM's EBML header alone: the bytes the server knows a WebM by (no frames; the list needs none). */
const WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, ...Buffer.from('webm'), 0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]);

const png = (name = 'tiny.png') => ({ name, mimeType: 'image/png', buffer: PNG });
const wav = (name = 'ding.wav') => ({ name, mimeType: 'audio/wav', buffer: WAV });

/** The home page in a browser context of its own, its console held clean but for the `allowed` statuses Chromium logs itself. */
const test = base.extend<{ home: HomePage; allowed: RegExp | null }>({
  allowed: [null, { option: true }],
  home: async ({ browser, api, allowed }, use, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !allowed?.test(message.text())) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(new HomePage(page, api));
    await context.close();
    expect(errors, 'console errors of the home page').toEqual([]);
  },
});

/** The library as the server has it. */
async function library(api: { url: string; tokens: { website: string } }): Promise<{ items: { name: string; url: string }[]; bytes: number }> {
  const response = await fetch(`${api.url}/me/media`, { headers: { Authorization: `Bearer ${api.tokens.website}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as { items: { name: string; url: string }[]; bytes: number };
}

test('Upload media adds a picture and a sound, listed with name, kind, size and a preview; the quota counts them', async ({ home, api }) => {
  await home.open();
  await expect(home.mediaUsage).toHaveText(`0 bytes of ${QUOTA} used`);
  await expect(home.section('Media')).toContainText('No media yet.');
  await home.uploadMedia.setInputFiles([png(), wav()]);
  await expect(home.mediaItem('tiny.png')).toContainText(`Image ${PNG.length} bytes · image/png`);
  await expect(home.mediaItem('ding.wav')).toContainText('Sound 7.8 KB · audio/wav');
  await expect(home.mediaUsage).toHaveText(`7.9 KB of ${QUOTA} used`);
  // Newest first, as the server lists them.
  await expect(home.section('Media').getByTestId('media-item')).toHaveText([/ding\.wav/, /tiny\.png/]);
  // The previews load from the files' public URLs: the picture is decoded, the sound's length is known.
  const picture = home.section('Media').getByRole('img', { name: 'Preview of tiny.png', exact: true });
  // Previews load lazily, once scrolled to (a library may hold hundreds).
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  const sound = home.mediaItem('ding.wav').locator('audio');
  await expect.poll(() => sound.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(1, 2);
  // Play plays it (pressed while it plays), and it stops at its end.
  const play = home.section('Media').getByRole('button', { name: 'Play ding.wav', exact: true });
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  expect(await sound.evaluate((audio: HTMLAudioElement) => audio.ended)).toBe(true);
  expect((await library(api)).items.map((item) => item.name)).toEqual(['ding.wav', 'tiny.png']);
  // A new read of the page lists the same.
  await home.page.reload();
  await expect(home.mediaItem('tiny.png')).toBeVisible();
  await expect(home.mediaUsage).toHaveText(`7.9 KB of ${QUOTA} used`);
});

test('Delete <name> asks first; Cancel keeps the file, Delete for good removes it, frees the quota and its URL answers 404', async ({ home, api }) => {
  await home.open();
  await home.uploadMedia.setInputFiles([png(), wav()]);
  await expect(home.mediaItem('ding.wav')).toBeVisible();
  const media = home.section('Media');
  await media.getByRole('button', { name: 'Delete tiny.png', exact: true }).click();
  await expect(media.getByRole('group', { name: 'Delete tiny.png?' })).toContainText('Delete tiny.png for good?');
  await media.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(home.mediaItem('tiny.png')).toBeVisible();
  expect((await library(api)).items).toHaveLength(2);

  const { url } = (await library(api)).items.find((item) => item.name === 'tiny.png')!;
  await home.deleteMedia('tiny.png');
  await expect(media.getByRole('status').filter({ hasText: 'Deleted tiny.png.' })).toBeVisible();
  await expect(home.mediaUsage).toHaveText(`7.8 KB of ${QUOTA} used`);
  await expect(home.mediaItem('ding.wav')).toBeVisible();
  expect((await library(api)).bytes).toBe(WAV.length);
  expect((await fetch(url)).status).toBe(404);
});

test.describe('refused files', () => {
  // Chromium logs the 415 and 413 answers itself; the page explains them.
  test.use({ allowed: /status of 41[35]/ });

  test('an SVG is refused with the API\'s reason, nothing is listed, and the files beside it still go in', async ({ home, api }) => {
    await home.open();
    await home.uploadMedia.setInputFiles([{ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: SVG }, png()]);
    const refusal = home.section('Media').getByTestId('media-refusal');
    await expect(refusal).toContainText('Not added: logo.svg.');
    await expect(refusal).toContainText('Unsupported media type');
    await expect(refusal).toContainText('SVG, HTML and other files are refused');
    await expect(home.mediaItem('tiny.png')).toBeVisible();
    await expect(home.mediaItem('logo.svg')).toHaveCount(0);
    await expect(home.mediaUsage).toHaveText(`${PNG.length} bytes of ${QUOTA} used`);
    expect((await library(api)).items.map((item) => item.name)).toEqual(['tiny.png']);
    // The next upload starts afresh.
    await home.uploadMedia.setInputFiles([wav()]);
    await expect(home.mediaItem('ding.wav')).toBeVisible();
    await expect(refusal).toHaveCount(0);
  });
  test('a file over the 25 MB a file may take is refused with 413 and what the limit is; nothing is stored', async ({ home, api }, testInfo) => {
    await home.open();
    // A PNG's first bytes, then zeros: refused by its size, whatever its kind. Handed to the browser as a file on
    // disk, as a streamer picks one: 25 MB of bytes through the test's protocol would take long on a busy machine.
    const huge = testInfo.outputPath('huge.png');
    await writeFile(huge, Buffer.concat([PNG, Buffer.alloc(25 * 1024 * 1024 + 1 - PNG.length)]));
    await home.uploadMedia.setInputFiles([huge]);
    const refusal = home.section('Media').getByTestId('media-refusal');
    await expect(refusal).toContainText('Not added: huge.png.');
    await expect(refusal).toContainText('Payload too large - a media file may take at most 25 MB');
    await expect(home.mediaItem('huge.png')).toHaveCount(0);
    await expect(home.mediaUsage).toHaveText(`0 bytes of ${QUOTA} used`);
    expect(await library(api)).toMatchObject({ items: [], bytes: 0 });
  });
});

test('files dropped on the section are added; a drag over it shows where to drop', async ({ home, api }) => {
  await home.open();
  const media = home.section('Media');
  const files = await home.page.evaluateHandle(
    ([picture, sound]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(picture!)], 'dropped.png', { type: 'image/png' }));
      transfer.items.add(new File([Uint8Array.from(sound!)], 'dropped.wav', { type: 'audio/wav' }));
      return transfer;
    },
    [[...PNG], [...WAV]],
  );
  await media.dispatchEvent('dragenter', { dataTransfer: files });
  await expect(media.getByText('Drop the files to add them.')).toBeVisible();
  // Dropped on the heading: the whole section takes files.
  await media.getByRole('heading', { name: 'Media' }).dispatchEvent('drop', { dataTransfer: files });
  await expect(home.mediaItem('dropped.png')).toBeVisible();
  await expect(home.mediaItem('dropped.wav')).toBeVisible();
  await expect(media.getByText('Drop the files to add them.')).toHaveCount(0);
  expect((await library(api)).items.map((item) => item.name).sort()).toEqual(['dropped.png', 'dropped.wav']);

  // Files dropped beside the section are not taken, and the browser's own drop (leaving the page to open the file) is held back.
  const held = await home.section('Overlays').evaluate((overlays, transfer) => {
    const drop = new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true });
    overlays.dispatchEvent(drop);
    return drop.defaultPrevented;
  }, files);
  expect(held).toBe(true);
  await expect(home.section('Media').getByTestId('media-item')).toHaveCount(2);
});

test('by keyboard: Upload media opens the file chooser, Delete asks with the focus on the choice, Escape cancels', async ({ home }) => {
  await home.open();
  await home.uploadMedia.focus();
  const chooser = home.page.waitForEvent('filechooser');
  await home.page.keyboard.press('Space');
  await (await chooser).setFiles([png('keys.png')]);
  await expect(home.mediaItem('keys.png')).toBeVisible();

  const media = home.section('Media');
  const remove = media.getByRole('button', { name: 'Delete keys.png', exact: true });
  await remove.focus();
  await home.page.keyboard.press('Enter');
  const confirm = media.getByRole('button', { name: 'Delete for good', exact: true });
  await expect(confirm).toBeFocused();
  await home.page.keyboard.press('Escape');
  await expect(remove).toBeFocused();
  await home.page.keyboard.press('Enter');
  await expect(confirm).toBeFocused();
  await home.page.keyboard.press('Enter');
  await expect(home.mediaItem('keys.png')).toHaveCount(0);
  await expect(media.getByRole('status').filter({ hasText: 'Deleted keys.png.' })).toBeFocused();
});

test('a video is listed as a Video with the browser\'s player, muted', async ({ home }) => {
  await home.open();
  await home.uploadMedia.setInputFiles([{ name: 'clip.webm', mimeType: 'video/webm', buffer: WEBM }]);
  await expect(home.mediaItem('clip.webm')).toContainText(`Video ${WEBM.length} bytes · video/webm`);
  const player = home.mediaItem('clip.webm').getByLabel('Preview of clip.webm', { exact: true });
  await expect(player).toHaveJSProperty('controls', true);
  await expect(player).toHaveJSProperty('muted', true);
  expect(await player.evaluate((video: HTMLVideoElement) => video.tagName)).toBe('VIDEO');
});

test('a file name with markup in it is shown as text, never as markup', async ({ home }) => {
  // No slash: a name with a path is refused (400) before anything else.
  const name = '<img src=x onerror="document.title=1"><b>bold.png';
  await home.open();
  await home.uploadMedia.setInputFiles([png(name)]);
  await expect(home.mediaItem(name)).toBeVisible();
  await expect(home.section('Media').getByRole('button', { name: `Delete ${name}`, exact: true })).toBeVisible();
  await expect(home.section('Media').locator('b, img[src="x"]')).toHaveCount(0);
  expect(await home.page.title()).toBe('Your overlay');
});

test('at 360 px the section fits the width, previews and all', async ({ home }) => {
  await home.page.setViewportSize({ width: 360, height: 800 });
  await home.open();
  await home.uploadMedia.setInputFiles([png('a picture with a rather long file name for a phone.png'), wav()]);
  await expect(home.section('Media').getByTestId('media-item')).toHaveCount(2);
  expect(await home.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
