import type { Frame } from '@playwright/test';
import { expect, test } from '../../e2e/fixtures.ts';
import { recordAudio } from '../../e2e/support/alertBoxRecorder.ts';
import type { ApiServerDriver } from '../../e2e/support/ApiServerDriver.ts';
import type { ModuleFrame } from '../../e2e/support/ModuleFrame.ts';
import { solidPng, toneWav } from '../../e2e/support/mediaFiles.ts';

// The alert box with the streamer's own pictures, videos and sounds from their media library.
const ID = 'demo.event.alerts';
/** The start of an MP4 (an `ftyp` box): enough for the library to take it as a video. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.alloc(64)]);
/** A WAV header over bytes no decoder reads: the library takes it (by its first bytes), the browser cannot play it. */
const BROKEN_WAV = Buffer.concat([toneWav(0.1).subarray(0, 12), Buffer.alloc(64, 0xee)]);

/** Adds a file to the streamer's media library; answers its id. */
async function upload(api: ApiServerDriver, name: string, bytes: Buffer, type: string): Promise<string> {
  return (await api.uploadMedia(bytes, name, type)).id;
}

async function contentFrame(alerts: ModuleFrame): Promise<Frame> {
  return (await (await alerts.iframe.elementHandle())!.contentFrame())!;
}

test('with an image set the picture shows, decoded; a big cheer shows the big image; a video plays in the picture\'s place', async ({ overlay, api }) => {
  const picture = await upload(api, 'hype.png', solidPng(1, 1), 'image/png');
  const bigPicture = await upload(api, 'mega.png', solidPng(1, 1), 'image/png');
  const clip = await upload(api, 'clip.mp4', MP4, 'video/mp4');
  // Each alert stays on screen until the test skips it: what shows is checked while it shows, however busy the machine.
  await api.set(ID, 'seconds', 30, 'event');
  await api.set(ID, 'cheerImage', picture, 'event');
  await api.set(ID, 'bigCheerImage', bigPicture, 'event');
  await api.set(ID, 'followVideo', clip, 'event');
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  const image = alerts.getByTestId('alert-image');
  const video = alerts.getByTestId('alert-video');
  const cheer = await overlay.emitEvent('channel.cheer', { user_name: 'Pic_Fan', bits: 10, message: '' });
  await expect(alerts.getByTestId('alert-who')).toHaveText('Pic_Fan');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', new RegExp(`/media/${picture}$`));
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1);
  await expect(video).toBeHidden();
  await api.alertCommand('skip');
  await alerts.alertEnded(cheer);
  const bigCheer = await overlay.emitEvent('channel.cheer', { user_name: 'Big_Spender', bits: 5000, message: '' });
  await expect(alerts.getByTestId('alert-who')).toHaveText('Big_Spender');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', new RegExp(`/media/${bigPicture}$`));
  await api.alertCommand('skip');
  await alerts.alertEnded(bigCheer);
  await overlay.emitEvent('channel.follow', { user_name: 'Film_Buff' });
  await expect(alerts.getByTestId('alert-who')).toHaveText('Film_Buff');
  await expect(alerts.getByTestId('alert')).toHaveAttribute('data-media', 'video');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('src', new RegExp(`/media/${clip}$`));
  await expect(image).toBeHidden();
});

test('a sound set plays instead of the chime at the volume set; one that cannot be decoded falls back to the chime', async ({ overlay, api, page }) => {
  await page.addInitScript(recordAudio);
  const tone = await upload(api, 'tone.wav', toneWav(0.2), 'audio/wav');
  const broken = await upload(api, 'broken.wav', BROKEN_WAV, 'audio/wav');
  await api.set(ID, 'seconds', 2, 'event');
  await api.set(ID, 'volume', 30, 'event');
  await api.set(ID, 'raidSound', tone, 'event');
  await api.set(ID, 'followSound', broken, 'event');
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  const frame = await contentFrame(alerts);
  const audio = () =>
    frame.evaluate(() => {
      const log = (window as unknown as { audioLog: { started: number; loudest: number } }).audioLog;
      return { started: log.started, loudest: log.loudest };
    });
  await overlay.emitEvent('channel.raid', { from_broadcaster_user_name: 'Loud_Raider', viewers: 7 });
  // One buffer source (the file), not the chime's three notes.
  await expect.poll(audio).toEqual({ started: 1, loudest: 0.3 });
  await overlay.emitEvent('channel.follow', { user_name: 'Glitchy' });
  await expect.poll(audio, { timeout: 15_000 }).toEqual({ started: 4, loudest: 0.3 });
});

test('alerts muted: neither the sound set nor the chime plays; unmuted, the sound set plays', async ({ overlay, api, page }) => {
  await page.addInitScript(recordAudio);
  const tone = await upload(api, 'tone.wav', toneWav(0.2), 'audio/wav');
  await api.set(ID, 'raidSound', tone, 'event');
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  await api.alertCommand('mute');
  await expect.poll(async () => (await api.alerts()).muted).toBe(true);
  const raid = await overlay.emitEvent('channel.raid', { from_broadcaster_user_name: 'Silent_Raider', viewers: 7 });
  await alerts.alertStarted(raid);
  await expect(alerts.getByTestId('alert-who')).toHaveText('Silent_Raider');
  const frame = await contentFrame(alerts);
  const started = () => frame.evaluate(() => (window as unknown as { audioLog: { started: number } }).audioLog.started);
  expect(await started()).toBe(0);
  await api.alertCommand('skip');
  await alerts.alertEnded(raid);
  await api.alertCommand('unmute');
  await expect.poll(async () => (await api.alerts()).muted).toBe(false);
  // Unmuted, the next raid plays its file once: the muted one never started a sound, not even late.
  await overlay.emitEvent('channel.raid', { from_broadcaster_user_name: 'Loud_Again', viewers: 7 });
  await expect(alerts.getByTestId('alert-who')).toHaveText('Loud_Again');
  await expect.poll(started).toBe(1);
});

test('a picture uploaded through the dock\'s Cheer image picker shows in the next cheer', async ({ overlay, dock, api }) => {
  const alerts = await overlay.open({ kind: 'event', modules: [ID] });
  await dock.open([ID]);
  await dock.openGroup('Cheers');
  await dock.uploadMedia('Cheer image', { name: 'my-cheer.png', mimeType: 'image/png', buffer: solidPng(3, 2) });
  await expect.poll(() => api.get(ID, 'cheerImage', 'event')).toMatch(/^[\w-]+$/);
  const id = String(await api.get(ID, 'cheerImage', 'event'));
  await expect.poll(() => contentFrame(alerts).then((frame) => frame.evaluate(() => (window as unknown as { Overlay: { settings(): Promise<Record<string, unknown>> } }).Overlay.settings()))).toMatchObject({ cheerImage: expect.stringMatching(new RegExp(`/media/${id}$`)) });
  await overlay.emitEvent('channel.cheer', { user_name: 'Dock_Picker', bits: 10, message: '' });
  await expect(alerts.getByTestId('alert-who')).toHaveText('Dock_Picker');
  await expect.poll(() => alerts.getByTestId('alert-image').evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(3);
});
