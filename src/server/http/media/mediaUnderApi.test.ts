import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../../../cli/index.ts';
import type { MediaItem } from '../../../api/index.ts';
import { composeTestApi } from '../../testing/composeTestApi.ts';
import { sampleFile } from '../../testing/sampleMedia.ts';
import { createApiApp } from '../createApiApp.ts';

const dir = mkdtempSync(join(tmpdir(), 'overlay-media-page-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('media under npm start\'s /api', () => {
  it('gives URLs under /api/media/ that the page server serves, untouched by its compression', async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Overlay</title>');
    const api = await composeTestApi();
    try {
      const app = createPageApp({ distDir: dir, api: createApiApp({ ...api.services, apiPath: '/api' }) });
      const bytes = sampleFile('png', 5000);
      const posted = await app.request('http://overlay.local/api/me/media?name=a.png', { method: 'POST', headers: { Authorization: 'Bearer site-1001', 'Content-Type': 'image/png' }, body: bytes as BodyInit });
      expect(posted.status).toBe(201);
      const item = (await posted.json()) as MediaItem;
      expect(item.url).toBe(`http://overlay.local/api/media/${item.id}`);
      const served = await app.request(item.url, { headers: { 'Accept-Encoding': 'gzip', Range: 'bytes=10-19' } });
      expect([served.status, served.headers.get('content-encoding'), served.headers.get('content-range')]).toEqual([206, null, 'bytes 10-19/5000']);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes.subarray(10, 20));
    } finally {
      await api.close();
    }
  });
});
