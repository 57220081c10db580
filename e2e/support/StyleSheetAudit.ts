import { get } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { Frame, Page } from '@playwright/test';

/** What an engine made of the stylesheets of a page and of its frames (module pages, panels). */
export interface StyleSheetReport {
  /** How many stylesheets were read. */
  sheets: number;
  /** The `@media` conditions it read; `not all` is one it could not parse. */
  media: string[];
  /** Stylesheets it read fewer rules of than their text holds (an unknown selector or at-rule drops its rule). */
  dropped: string[];
}

/**
 * Parses every stylesheet of `page` and of its frames in the page's own engine, as
 * a constructed stylesheet (module frames have an opaque origin: their linked
 * sheets' rules cannot be read where they are). A block of the text is a rule
 * of the CSSOM (a style rule, `@media`, `@font-face`, a keyframe...): counted
 * through grouping rules, the text's blocks and the engine's rules agree.
 */
export async function auditStyleSheets(page: Page): Promise<StyleSheetReport> {
  const report: StyleSheetReport = { sheets: 0, media: [], dropped: [] };
  for (const frame of page.frames()) {
    for (const { source, text } of await sheetsOf(frame)) {
      const read = await page.evaluate(parseInEngine, text);
      report.sheets += 1;
      report.media.push(...read.media);
      const blocks = countBlocks(text);
      if (read.rules !== blocks) report.dropped.push(`${source}: ${read.rules} of ${blocks} rules read`);
    }
  }
  return report;
}

/** The `{` of a stylesheet's text outside comments and strings: one per rule. */
export function countBlocks(css: string): number {
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""');
  return bare.split('{').length - 1;
}

async function sheetsOf(frame: Frame): Promise<{ source: string; text: string }[]> {
  const sheets = await frame.evaluate(() =>
    Array.from(document.styleSheets, (sheet) => ({ href: sheet.href, inline: sheet.href ? '' : (sheet.ownerNode?.textContent ?? '') })),
  );
  const texts = [];
  for (const { href, inline } of sheets) {
    texts.push({ source: href ?? `a <style> of ${frame.url()}`, text: href ? await fetchText(href) : inline });
  }
  return texts;
}

/** Runs in the page: the rules and `@media` conditions the engine reads from `text`. */
function parseInEngine(text: string): { rules: number; media: string[] } {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  const read = { rules: 0, media: [] as string[] };
  const walk = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      read.rules += 1;
      if (rule instanceof CSSMediaRule) read.media.push(rule.media.mediaText);
      if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
    }
  };
  walk(sheet.cssRules);
  return read;
}

/** Module sites are `<label>.localhost`, which browsers resolve to the loopback address and Node's resolver may not. */
const loopback: LookupFunction = (_host, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

/** The body of a stylesheet the test's servers serve (on 127.0.0.1, under any host name). */
function fetchText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { lookup: loopback }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => (response.statusCode === 200 ? resolve(text) : reject(new Error(`GET ${url}: ${response.statusCode}`))));
    }).on('error', reject);
  });
}
