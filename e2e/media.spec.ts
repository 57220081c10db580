import { expect, test } from '@playwright/test';
import type { MediaItem } from '../src/api/index.ts';
import { type RunningApiServer, startApiServer } from '../src/server/index.ts';
import { toneWav } from '../src/server/testing/sampleMedia.ts';
import { TEST_SEED } from '../src/server/testing/testSeed.ts';

// The reference server in this process, a library in memory: the browser plays what it serves.
let server: RunningApiServer;
let item: MediaItem;
const SECONDS = 120;
const wav = toneWav(SECONDS, 24_000);

test.beforeAll(async () => {
  server = await startApiServer({ seed: structuredClone(TEST_SEED), store: 'memory', log: () => {} });
  const answer = await fetch(`${server.url}/me/media?name=tone.wav`, { method: 'POST', headers: { Authorization: 'Bearer site-1001', 'Content-Type': 'audio/wav' }, body: wav as BodyInit });
  expect(answer.status).toBe(201);
  item = (await answer.json()) as MediaItem;
});

test.afterAll(async () => {
  await server?.close();
});

test('a <video> plays a library file from its URL and seeks in it through byte ranges', async ({ page }) => {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url() === item.url) statuses.push(response.status());
  });
  await page.setContent(`<video id="player" preload="auto" src="${item.url}"></video>`);
  const player = page.locator('#player');
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.duration)).toBeCloseTo(SECONDS, 0);
  // Seekable to the end only when the server answers ranges: without them Chromium can seek only in what it has.
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => (video.seekable.length ? video.seekable.end(0) : 0))).toBeCloseTo(SECONDS, 0);
  const seeked = player.evaluate(
    (video: HTMLVideoElement, at) =>
      new Promise<number>((resolve) => {
        video.addEventListener('seeked', () => resolve(video.currentTime), { once: true });
        video.currentTime = at;
      }),
    SECONDS - 10,
  );
  expect(await seeked).toBeCloseTo(SECONDS - 10, 0);
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(2);
  // Chromium asks media for ranges: every answer is a 206.
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.every((status) => status === 206)).toBe(true);
});

test('a sandboxed frame (opaque origin, as module frames have) fetches a file and WebAudio decodes it', async ({ page }) => {
  // The page hears the frame's report itself (its title), so no message can arrive before anyone listens.
  await page.setContent(`<script>addEventListener('message', (event) => { document.title = String(event.data); });</script>
  <iframe sandbox="allow-scripts" srcdoc="<script>
    fetch('${item.url}').then((r) => r.arrayBuffer()).then((bytes) => new OfflineAudioContext(1, 1, 24000).decodeAudioData(bytes))
      .then((audio) => parent.postMessage('decoded ' + Math.round(audio.duration), '*'), (error) => parent.postMessage('failed ' + error, '*'));
  </script>"></iframe>`);
  await expect(page).toHaveTitle(`decoded ${SECONDS}`);
});
