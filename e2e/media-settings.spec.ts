import type { MediaItem } from '../src/api/index.ts';
import { TEST_SEED } from '../src/server/testing/testSeed.ts';
import { expect, test } from './fixtures.ts';
import { REFUSED_FILES, solidPng, toneWav } from './support/mediaFiles.ts';

// Settings that hold media (docs/modules.md): the dock picks and uploads, the module
// in its sandboxed frame loads what Overlay.settings() gives, all against the real server.
const ID = 'test.media.settings';
const OWN_PICTURE = `/modules/${ID}/picture.png`;
const OWN_CHIME = `/modules/${ID}/sounds/chime.wav`;
const png = (name: string, width: number, height: number) => ({ name, mimeType: 'image/png', buffer: solidPng(width, height) });

test('a picture uploaded through the dock is picked, stored as its id, and decoded by the module from its URL', async ({ overlay, dock, api }) => {
  const module = await overlay.open({ kind: 'tool', modules: [ID] });
  await expect(module.getByTestId('picture')).toHaveText('decoded 3x2');
  await expect(module.getByTestId('picture')).toHaveAttribute('data-url', new RegExp(`${OWN_PICTURE}$`));
  await expect(module.getByTestId('chime-element')).toHaveText('metadata 0.25 s');

  await dock.open([ID]);
  await dock.openGroup('Look');
  await expect(dock.setting('Picture')).toHaveValue('picture.png');
  await dock.uploadMedia('Picture', png('party.png', 5, 4));
  await expect(dock.setting('Picture').locator('option:checked')).toHaveText('party.png');
  await expect.poll(() => api.get(ID, 'picture')).toMatch(/^[A-Za-z0-9_-]{24}$/);
  const id = (await api.get(ID, 'picture')) as string;
  await expect(dock.settingBox('Picture').locator('img.media-preview')).toHaveJSProperty('naturalWidth', 5);

  await expect(module.getByTestId('picture')).toHaveText('decoded 5x4');
  await expect(module.getByTestId('picture')).toHaveAttribute('data-url', new RegExp(`/media/${id}$`));
});

test('a sound of the library plays in the frame: <audio> reads it, fetch + decodeAudioData decodes it; Play in the dock plays it', async ({ overlay, dock, api }) => {
  const item = await api.setMedia(ID, 'chime', { bytes: toneWav(0.5), name: 'tone.wav' });
  const module = await overlay.open({ kind: 'tool', modules: [ID] });
  await expect(module.getByTestId('chime-element')).toHaveText('metadata 0.50 s');
  await expect(module.getByTestId('chime-decoded')).toHaveText('decoded 0.50 s');
  await expect(module.getByTestId('chime-decoded')).toHaveAttribute('data-url', item.url);

  await dock.open([ID]);
  await dock.openGroup('Sound');
  await expect(dock.setting('Chime')).toHaveValue(item.id);
  const box = dock.settingBox('Chime');
  await box.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => box.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime > 0 || audio.ended)).toBe(true);
});

test('a deleted or unknown media id reads as the default', async ({ overlay, api }) => {
  const item = await api.setMedia(ID, 'picture', { bytes: solidPng(7, 7), name: 'gone.png' });
  await api.set(ID, 'chime', 'AAAAAAAAAAAAAAAAAAAAAAAA'); // the shape of an id, but no file of this streamer
  const module = await overlay.open({ kind: 'tool', modules: [ID] });
  await expect(module.getByTestId('picture')).toHaveText('decoded 7x7');
  await expect(module.getByTestId('chime-element')).toHaveAttribute('data-url', new RegExp(`${OWN_CHIME}$`));
  await expect(module.getByTestId('chime-element')).toHaveText('metadata 0.25 s');

  await api.deleteMedia(item.id);
  await api.set(ID, 'caption', 'read again'); // a change makes the module read its settings again
  await expect(module.getByTestId('picture')).toHaveAttribute('data-url', new RegExp(`${OWN_PICTURE}$`));
  await expect(module.getByTestId('picture')).toHaveText('decoded 3x2');
});

test('groups are collapsible sections in the manifest order; an overlay-token dock lists the library but cannot upload', async ({ dock, api }) => {
  const logo = await api.uploadMedia(solidPng(2, 2), 'logo.png');
  await api.uploadMedia(toneWav(0.1), 'beep.wav');
  await api.selectModules('tool', [ID]);
  await dock.open([ID], { auth: 'token', kind: 'tool' });
  const form = dock.module(ID).getByTestId('settings-form');
  await expect(form.locator(':scope > .setting > label, :scope > details > summary')).toHaveText(['Caption', 'Look', 'Sound']);
  await expect(dock.setting('Caption')).toBeVisible();
  await expect(dock.setting('Picture')).toBeHidden();
  await dock.openGroup('Look');
  await expect(dock.setting('Picture')).toBeVisible();
  await expect(dock.setting('Chime')).toBeHidden();

  await expect(dock.setting('Picture').locator('option')).toHaveText(['None', 'Default (picture.png)', 'logo.png']);
  await expect(dock.page.getByLabel('Upload Picture')).toHaveCount(0);
  await expect(dock.settingBox('Picture')).toContainText('Files are added from the home page');
  await dock.setting('Picture').selectOption({ label: 'logo.png' });
  await expect.poll(() => api.get(ID, 'picture')).toBe(logo.id);
  await dock.setting('Picture').selectOption({ label: 'None' });
  await expect.poll(() => api.get(ID, 'picture')).toBe('');
  // A file added elsewhere (the home page) shows once the picker is focused again.
  await dock.setting('Caption').focus();
  await api.uploadMedia(solidPng(4, 4), 'later.png');
  await dock.setting('Picture').focus();
  await expect(dock.setting('Picture').locator('option')).toHaveText(['None', 'Default (picture.png)', 'later.png', 'logo.png']);
});

test('a refused file is explained next to its picker and nothing is written', async ({ dock, api }) => {
  await api.selectModules('tool', [ID]);
  await dock.open([ID]);
  await dock.openGroup('Look');
  await dock.uploadMedia('Picture', { name: 'evil.svg', mimeType: 'image/svg+xml', buffer: REFUSED_FILES.svg });
  const alert = dock.settingBox('Picture').getByRole('alert');
  await expect(alert).toContainText('evil.svg was not added');
  await expect(alert).toContainText('PNG, JPEG, GIF, WebP');
  await expect(dock.page.getByLabel('Upload Picture')).toHaveAttribute('aria-invalid', 'true');

  await dock.uploadMedia('Picture', { name: 'beep.wav', mimeType: 'audio/wav', buffer: toneWav(0.1) });
  await expect(alert).toHaveText('beep.wav is a sound, not an image: it was added to the library but not picked.');
  await expect(dock.setting('Picture')).toHaveValue('picture.png');
  expect(await api.get(ID, 'picture')).toBeUndefined();
});

test('at 280 px open groups, pickers and a wide preview fit without horizontal scroll; a group opens from the keyboard', async ({ dock, api }) => {
  await api.setMedia(ID, 'picture', { bytes: solidPng(640, 360), name: 'a-very-long-file-name-of-a-wide-picture-for-the-stream.png' });
  await api.selectModules('tool', [ID]);
  await dock.page.setViewportSize({ width: 280, height: 900 });
  await dock.open([ID]);
  await dock.group('Look').locator('summary').focus();
  await dock.page.keyboard.press('Enter');
  await expect(dock.group('Look')).toHaveAttribute('open', '');
  await dock.openGroup('Sound');
  await expect(dock.settingBox('Picture').locator('img.media-preview')).toHaveJSProperty('naturalWidth', 640);
  await expect(dock.page.getByLabel('Upload Chime', { exact: true })).toBeVisible();
  const scroll = await dock.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll.scroll).toBeLessThanOrEqual(scroll.client);
});

test.describe('with two streamers', () => {
  test.use({ seed: TEST_SEED });

  test("another streamer's file, written into a setting, reads as the default", async ({ overlay, api }) => {
    // Bob's file: its URL is public, but it is not in Alice's library, so her module never gets it.
    const answer = await fetch(`${api.url}/me/media?name=bob.png`, { method: 'POST', headers: { Authorization: 'Bearer site-1002', 'Content-Type': 'image/png' }, body: new Uint8Array(solidPng(9, 9)) });
    expect(answer.status).toBe(201);
    const bobs = (await answer.json()) as MediaItem;
    await api.set(ID, 'picture', bobs.id);
    const module = await overlay.open({ kind: 'tool', modules: [ID] });
    await expect(module.getByTestId('picture')).toHaveText('decoded 3x2');
    await expect(module.getByTestId('picture')).toHaveAttribute('data-url', new RegExp(`${OWN_PICTURE}$`));
  });
});
