import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** README.md, CHANGELOG.md and every Markdown file of docs/, relative to the repository root. */
function documents(): string[] {
  const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', 'CHANGELOG.md', ...docs.map((name) => `docs/${name}`)];
}

/** The text outside fenced code blocks and inline code, where links count. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
}

/** Every link and image target: `[text](target)` and `![alt](target "title")`. */
function linkTargets(markdown: string): string[] {
  // Link text may hold inline code, blanked by prose(); it never holds brackets here.
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown file offers: one per heading, repeats numbered `-1`, `-2`, as GitHub does. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** Problems with one link of `from`: a missing file, or an anchor no heading of its target makes. */
function brokenLink(from: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto: and the like
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? from : relative(root, join(root, dirname(from), decodeURI(path)));
  if (!existsSync(join(root, file))) return `${from}: ${target} (no file ${file})`;
  if (anchor === undefined) return null;
  if (!file.endsWith('.md') || statSync(join(root, file)).isDirectory()) return `${from}: ${target} (an anchor into a file that has none)`;
  const offered = anchors(readFileSync(join(root, file), 'utf8'));
  return offered.has(decodeURIComponent(anchor)) ? null : `${from}: ${target} (no heading #${anchor} in ${file})`;
}

describe('documentation links', () => {
  it('every relative link and anchor in README.md, CHANGELOG.md and docs/ resolves', () => {
    const broken: string[] = [];
    for (const file of documents()) {
      for (const target of linkTargets(readFileSync(join(root, file), 'utf8'))) {
        const problem = brokenLink(file, target);
        if (problem) broken.push(problem);
      }
    }
    expect(broken).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect(slug('Flags of `npm run api`')).toBe('flags-of-npm-run-api');
    expect(slug('Errors, in the order they are checked (first failure wins)')).toBe('errors-in-the-order-they-are-checked-first-failure-wins');
    expect(slug('`db.set`, from the module to the store')).toBe('dbset-from-the-module-to-the-store');
    expect([...anchors('# A\n## Limits\n```\n# not a heading\n```\n### Limits\n')]).toEqual(['a', 'limits', 'limits-1']);
  });

  it('finds links outside code only, and sees a broken one', () => {
    expect(linkTargets('[a](docs/x.md#y) `[b](no.md)` ![c](pic.png "title")\n```\n[d](code.md)\n```\n')).toEqual(['docs/x.md#y', 'pic.png']);
    expect(brokenLink('README.md', 'docs/no-such-file.md')).toMatch(/no file/);
    expect(brokenLink('README.md', '#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink('README.md', '#architecture')).toBeNull();
  });
});
