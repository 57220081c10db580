import { MODULE_ORIGIN_META } from '../api/index.ts';

const META = new RegExp(`<meta\\s+name="${MODULE_ORIGIN_META}"[^>]*>`, 'i');

/** A built page with its module origin meta set to `template` (replacing the build's, if it had one). */
export function withModuleOrigin(html: string, template: string): string {
  const tag = `<meta name="${MODULE_ORIGIN_META}" content="${template.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  // A replacer function: a replacement string would expand `$&`, `$\``, `$'` of the template into parts of the page.
  if (META.test(html)) return html.replace(META, () => tag);
  return html.replace(/<\/head>/i, () => `${tag}\n</head>`);
}
