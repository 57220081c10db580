import { describe, expect, it } from 'vitest';
import { describeBrowser } from './describeBrowser.ts';

describe('describeBrowser', () => {
  it('names the browser and the system of common User-Agents', () => {
    const agents: Record<string, string> = {
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36': 'Chrome on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0': 'Edge on Windows',
      'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0': 'Firefox on Linux',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15': 'Safari on macOS',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1': 'Safari on iOS',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36': 'Chrome on Android',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36': 'Chrome on Linux',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Safari/537.36 OBS/31.0.0': 'OBS on Windows',
      'curl/8.5.0': 'curl',
    };
    for (const [agent, expected] of Object.entries(agents)) expect(describeBrowser(agent)).toBe(expected);
  });

  it('says unknown without a User-Agent, and keeps an odd one short', () => {
    expect(describeBrowser(null)).toBe('an unknown browser');
    expect(describeBrowser('  ')).toBe('an unknown browser');
    expect(describeBrowser(`${'x'.repeat(300)}/1.0`)).toBe('x'.repeat(40));
  });
});
