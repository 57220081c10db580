import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
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

/** Every file and folder of the repository (build output and packages aside), relative to its root. */
const repoPaths: string[] = readdirSync(root, { withFileTypes: true, recursive: true })
  .map((entry) => relative(root, join(entry.parentPath, entry.name)))
  .filter((path) => !/(^|\/)(node_modules|\.git|dist|data|test-results|playwright-report)(\/|$)/.test(path));

/** A backticked name that means a file or folder of ours: a `src/` path, or a name with a known extension. */
function isPathLike(code: string): boolean {
  return /^src(\/[\w.-]+)*\/?$/.test(code) || /^(\.\.?\/)*([\w.-]+\/)*[\w.-]+\.(tsx?|md|json|html)$/.test(code);
}

/** The backticked paths and file names of a Markdown text, code blocks aside. */
function backtickedPaths(markdown: string): string[] {
  const withoutBlocks = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  return [...withoutBlocks.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!).filter(isPathLike);
}

/**
 * Whether a named path exists: a `src/` path as written; a path with folders
 * as the end of some path of the repository; a bare name as some file's name.
 */
function pathExists(name: string, paths: readonly string[] = repoPaths): boolean {
  const clean = name.replace(/^(\.\.?\/)+/, '').replace(/\/$/, '');
  if (name.startsWith('src/')) return paths.includes(clean);
  if (clean.includes('/')) return paths.some((path) => path === clean || path.endsWith(`/${clean}`));
  return paths.some((path) => basename(path) === clean);
}

/** The text of one `## heading` section (up to the next heading of that level or above). */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`## ${heading}\n`);
  if (start < 0) return '';
  const rest = markdown.slice(start + heading.length + 4);
  const end = rest.search(/^#{1,2} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Files a "Where does a change go" row names that its folder lacks: `| what | folder | files |`. */
function missingInChangeTable(markdown: string, paths: readonly string[] = repoPaths): string[] {
  const missing: string[] = [];
  for (const row of section(markdown, 'Where does a change go').split('\n')) {
    const cells = row.split('|').slice(1, -1);
    const folder = cells[1]?.match(/`([^`]+)`/)?.[1];
    if (!folder?.startsWith('src')) continue;
    if (!paths.includes(folder)) missing.push(folder);
    for (const file of backtickedPaths(cells[2] ?? '')) {
      if (!paths.includes(join(folder, file))) missing.push(join(folder, file));
    }
    for (const path of backtickedPaths(cells[0] ?? '')) if (!pathExists(path, paths)) missing.push(path);
  }
  return missing;
}

/** The comments of a source file: `// ...` lines and `/* ... *\/` blocks (a `//` right after `:` is a URL). */
function comments(source: string): string[] {
  const blocks = [...source.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => match[0]);
  const lines = [...source.matchAll(/(?<![:'"`\w/])\/\/(.*)$/gm)].map((match) => match[1]!);
  return [...blocks.map((block) => block.replace(/^\s*\*\s?/gm, ' ').replace(/\s+/g, ' ')), ...lines];
}

/** Documents a comment cites, each with the section it names: `(docs/server.md, Keys)`, `(docs/x.md, "Some heading")`. */
function citations(comment: string): { doc: string; section?: string }[] {
  return [...comment.matchAll(/([\w./-]*\w\.md)\b(?:,\s*(?:"([^"]+)"|([A-Z][\w-]*(?: [\w-]+)*)))?/g)].map((match) => ({
    doc: match[1]!,
    section: match[2] ?? match[3],
  }));
}

/** What is wrong with one citation: a document not in the repository, or a section it does not have. */
function brokenCitation(doc: string, cited?: string): string | null {
  const file = doc.includes('/') ? doc : ['', 'docs/'].map((dir) => `${dir}${doc}`).find((path) => existsSync(join(root, path)));
  if (!file || !existsSync(join(root, file))) return `${doc} (no such document in the repository)`;
  if (cited === undefined) return null;
  const headings = [...readFileSync(join(root, file), 'utf8').matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((match) => match[1]!.replace(/`/g, '').toLowerCase());
  const bold = [...readFileSync(join(root, file), 'utf8').matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1]!.toLowerCase());
  const wanted = cited.toLowerCase();
  return headings.some((heading) => heading.startsWith(wanted)) || bold.includes(wanted) ? null : `${doc}, "${cited}" (no such heading)`;
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

/** The `src/api` files the SDK's code (its tests aside) imports, by file name. */
function sdkApiImports(): string[] {
  const files = repoPaths.filter((path) => path.startsWith('src/sdk/') && /\.tsx?$/.test(path) && !/\.(test|d)\.tsx?$/.test(path));
  const names = files.flatMap((file) => [...readFileSync(join(root, file), 'utf8').matchAll(/^\s*import\s[^'";]*?from\s*'\.\.\/api\/([\w.]+)'/gm)].map((match) => match[1]!));
  return [...new Set(names)].sort();
}

/** The backticked file names of the parenthesis after `sdk -> api` in a document's dependency line. */
function sdkApiNamed(markdown: string): string[] {
  const parenthesis = /sdk -> api\s*\(([^)]*)\)/.exec(markdown)?.[1] ?? '';
  return [...parenthesis.matchAll(/`([\w.]+\.ts)`/g)].map((match) => match[1]!).sort();
}

describe('named files', () => {
  it('README.md and docs/architecture.md name exactly the src/api files the SDK imports', () => {
    const imported = sdkApiImports();
    expect(imported).toContain('OverlayError.ts');
    for (const doc of ['README.md', 'docs/architecture.md']) {
      expect(sdkApiNamed(readFileSync(join(root, doc), 'utf8')), doc).toEqual(imported);
    }
    expect(sdkApiNamed('a; sdk -> api (types only); server -> api')).toEqual([]);
  });

  it('every file the README\'s "Where does a change go" table names is in the folder it names', () => {
    expect(missingInChangeTable(readFileSync(join(root, 'README.md'), 'utf8'))).toEqual([]);
  });

  it('docs/home.md quotes the home page line that npm start prints', () => {
    const quoted = /`(Home page \([^`]*?: )http[^`]*`/.exec(readFileSync(join(root, 'docs/home.md'), 'utf8'))?.[1];
    const cli = repoPaths.filter((path) => /^src\/cli\/[^/]+\.ts$/.test(path) && !path.endsWith('.test.ts'));
    expect(quoted).toBeDefined();
    expect(cli.some((file) => readFileSync(join(root, file), 'utf8').includes(`\`${quoted}\${home}\``))).toBe(true);
  });

  it('every backticked path and file name in docs/architecture.md exists', () => {
    const named = backtickedPaths(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));
    expect(named.filter((name) => !pathExists(name))).toEqual([]);
  });

  it('every document a comment in src/ cites is in the repository, with the section it names', () => {
    const broken: string[] = [];
    // This file's own examples cite documents that do not exist, on purpose.
    const files = repoPaths.filter((path) => path.startsWith('src/') && /\.tsx?$/.test(path) && path !== 'src/docs.test.ts');
    for (const file of files) {
      for (const comment of comments(readFileSync(join(root, file), 'utf8'))) {
        for (const { doc, section: cited } of citations(comment)) {
          const problem = brokenCitation(doc, cited);
          if (problem) broken.push(`${file}: ${problem}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('sees a missing file, a missing document and a missing section', () => {
    const paths = ['src/host', 'src/host/BridgeHub.ts', 'src/api/bridge.ts'];
    const table = '## Where does a change go\n\n| a | b | c |\n| --- | --- | --- |\n| x | `src/host` | `BridgeHub.ts`, then `Gone.ts` |\n| y | `src/nowhere` | `a.ts` |\n';
    expect(missingInChangeTable(table, paths)).toEqual(['src/host/Gone.ts', 'src/nowhere', 'src/nowhere/a.ts']);
    expect(backtickedPaths('`src/api` and `bridge.ts`, not `db.set` or `--port`')).toEqual(['src/api', 'bridge.ts']);
    expect(pathExists('bridge.ts', paths)).toBe(true);
    expect(pathExists('api/bridge.ts', paths)).toBe(true);
    expect(pathExists('src/bridge.ts', paths)).toBe(false);
    expect(comments("const url = 'https://x/docs/a.md'; // see docs/server.md, Keys\n/** (api-contract.md, \"Live\n * changes\") */")).toEqual([
      '/** (api-contract.md, "Live changes") */',
      ' see docs/server.md, Keys',
    ]);
    expect(citations('(docs/server.md, Keys) and docs/write-queue.md and (docs/live-sync.md, "Closing codes")')).toEqual([
      { doc: 'docs/server.md', section: 'Keys' },
      { doc: 'docs/write-queue.md', section: undefined },
      { doc: 'docs/live-sync.md', section: 'Closing codes' },
    ]);
    expect(brokenCitation('api-contract.md')).toMatch(/no such document/);
    expect(brokenCitation('docs/server.md', 'Keys')).toBeNull();
    expect(brokenCitation('docs/server.md', 'Bridge protocol')).toMatch(/no such heading/);
  });
});

describe('the README', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');

  it('stays a front door: 250 lines or fewer, the detail in docs/', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });

  it('opens with the two commands: npm install && npm start, then npm test', () => {
    const commands = readme.match(/^```sh\n([\s\S]*?)^```/m)?.[1]?.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim());
    expect(commands?.slice(0, 2)).toEqual(['npm install && npm start', 'npm test']);
  });

  it('names the licence that LICENSE and package.json give: MIT', () => {
    const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { license?: string };
    expect(packageJson.license).toBe('MIT');
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 The overlay-runtime authors\n/);
    expect(section(readme, 'License')).toContain('MIT: see [LICENSE](LICENSE)');
  });
});
