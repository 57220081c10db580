/**
 * The head every page of the site shares. `referrer: no-referrer` keeps a
 * token in a page's address out of every request the page makes; the empty
 * icon keeps the browser from asking for /favicon.ico, whose 404 would be the
 * only red line in the console of a healthy start.
 */
const SHARED_HEAD = [
  '<meta charset="utf-8" />',
  '<meta name="viewport" content="width=device-width, initial-scale=1" />',
  '<meta name="referrer" content="no-referrer" />',
  '<link rel="icon" href="data:," />',
];

/**
 * A page file written as its own lines only (its `<title>`, its other head
 * lines, then its `<script>`s), made into the whole document: the shared head,
 * the page's head lines, and a body with the `#app` element and the scripts.
 * A file that is a document already (`<!doctype`) is left as it is.
 */
export function pageDocument(html: string): string {
  if (/^\s*<!doctype/i.test(html)) return html;
  const lines = html
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const isScript = (line: string) => line.startsWith('<script');
  const indent = (list: string[], depth: number) => list.map((line) => `${' '.repeat(depth)}${line}`).join('\n');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    indent([...SHARED_HEAD, ...lines.filter((line) => !isScript(line))], 4),
    '  </head>',
    '  <body>',
    indent(['<div id="app"></div>', ...lines.filter(isScript)], 4),
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}
