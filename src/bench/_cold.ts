import { BenchContext } from './BenchContext.ts';
const context = new BenchContext({ log: console.error });
const N = Number(process.argv[2] ?? 5);
const WATCH = `(() => { if (window.top !== window) return; window.__t = []; const seen = new Set();
  new MutationObserver((ms) => { for (const m of ms) { if (m.type === 'childList') for (const n of m.addedNodes) if (n.tagName === 'IFRAME') window.__t.push(['iframe+', n.dataset.moduleId, performance.now()]);
    if (m.type === 'attributes' && m.target.dataset.state === 'ready' && !seen.has(m.target)) { seen.add(m.target); window.__t.push(['ready', m.target.dataset.moduleId, performance.now()]); } } })
  .observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  document.addEventListener('DOMContentLoaded', () => window.__t.push(['DCL', '', performance.now()])); })();`;
try {
  const site = await context.overlaySite();
  await site.selectTools(site.toolIds.slice(0, N));
  const browser = await context.browser();
  for (let run = 0; run < 4; run++) {
    const c = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await c.addInitScript({ content: WATCH });
    const page = await c.newPage();
    await page.goto(site.overlayUrl);
    await page.waitForFunction(`document.querySelectorAll('iframe[data-state="ready"]').length >= ${N}`);
    const t = (await page.evaluate('window.__t')) as [string, string, number][];
    const res = (await page.evaluate(`performance.getEntriesByType('resource').map(e => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.responseEnd)])`)) as unknown[];
    const nav = (await page.evaluate(`(() => { const n = performance.getEntriesByType('navigation')[0]; return { req: Math.round(n.requestStart), resp: Math.round(n.responseEnd), dcl: Math.round(n.domContentLoadedEventEnd) }; })()`));
    if (run > 0) { console.log('nav', nav); console.log(res.map((r) => JSON.stringify(r)).join('\n')); console.log(t.map(([a, b, c]) => `${a} ${b} ${c.toFixed(0)}`).join('\n')); }
    await c.close();
  }
} finally { await context.close(); }
