/**
 * `npm run new-module -- <module id> [--kind <kind>] [--dir <folder>]`: creates
 * a working module folder (manifest with one setting, a small SDK page, a dock
 * panel, a Playwright spec).
 */
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isKind, isModuleId, type Kind, KINDS } from '../api/index.ts';

/** A refusal the command prints as is. */
export class ScaffoldError extends Error {}

const DOTTED_ID = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;
const USAGE = `usage: npm run new-module -- <module id> [--kind ${KINDS.join('|')}] [--dir modules]`;

/** Creates `<modulesDir>/<id>/` with its files; refuses a bad or taken id and a bad kind. Returns the paths written. */
export async function createModule(modulesDir: string, id: string, kind: string): Promise<string[]> {
  if (!isModuleId(id) || !DOTTED_ID.test(id)) {
    throw new ScaffoldError(
      `"${id}" is not a module id: use dotted names of letters, digits, "_" or "-", e.g. "yourname.tool.clock"`,
    );
  }
  if (!isKind(kind)) throw new ScaffoldError(`"${kind}" is not a kind: use one of ${KINDS.join(', ')}`);
  const folder = join(modulesDir, id);
  if (await exists(folder)) throw new ScaffoldError(`module id "${id}" is taken: ${folder} already exists`);
  await mkdir(folder, { recursive: true });
  const files = moduleFiles(id, kind);
  for (const [name, text] of Object.entries(files)) await writeFile(join(folder, name), text, { flag: 'wx' });
  return Object.keys(files).map((name) => join(folder, name));
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** "yourname.tool.big-clock" -> "Big clock". */
export function displayName(id: string): string {
  const words = id.split('.').at(-1)!.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1) || id;
}

function moduleFiles(id: string, kind: Kind): Record<string, string> {
  const name = displayName(id);
  // The manifest last: a running dev server then finds a complete module.
  return {
    'index.html': indexHtml(name),
    'panel.html': panelHtml(name),
    [`${id}.spec.ts`]: specTs(id, kind),
    'module.json': `${JSON.stringify(manifest(name, kind), null, 2)}\n`,
  };
}

/**
 * The manifest: its natural size and default place (top left), two example settings the streamer
 * changes from the dock: a label, and a sound of their media library played on +1 (none at first).
 */
function manifest(name: string, kind: Kind): object {
  return {
    name,
    kind,
    width: 480,
    height: 160,
    position: { x: 24, y: 24 },
    panelHeight: 80,
    settings: {
      label: { type: 'text', label: 'Label', default: name, maxLength: 40 },
      sound: { type: 'sound', label: 'Click sound', default: '' },
    },
  };
}

function indexHtml(name: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${name}</title>
    <script src="/sdk.js"></script>
    <style>
      html, body { margin: 0; background: transparent; overflow: hidden; }
      .card {
        position: absolute; top: 24px; left: 24px; display: flex; align-items: center; gap: 20px;
        padding: 16px 24px; border-radius: 18px; background: rgb(14 16 28 / 0.78);
        color: #f4f5fb; font: 600 24px/1.2 system-ui, sans-serif;
      }
      output { font-size: 56px; font-weight: 800; font-variant-numeric: tabular-nums; }
      button { border: 0; border-radius: 12px; padding: 10px 18px; font: inherit; cursor: pointer; }
      .note { margin: 0; font-size: 14px; color: #c6c9dd; }
    </style>
  </head>
  <body>
    <main class="card">
      <span data-testid="label">${name}</span>
      <output data-testid="count">0</output>
      <button type="button" data-testid="increment" disabled>+1</button>
      <p class="note" data-testid="note" hidden></p>
    </main>
    <audio data-testid="sound" preload="auto"></audio>
    <script>
      const $ = (id) => document.querySelector(\`[data-testid="\${id}"]\`);
      let count = 0;

      function showNote(text) {
        $('note').textContent = text;
        $('note').hidden = !text;
      }

      // Settings (module.json) are changed from the dock; settings() gives the stored value or the default.
      // A sound setting reads as a URL to load ("" for none): a file of the streamer's media library, or of
      // this folder when its default names one (e.g. "default": "sounds/click.ogg").
      async function showSettings() {
        const { label, sound } = await Overlay.settings();
        $('label').textContent = label;
        if (sound) $('sound').src = sound;
        else $('sound').removeAttribute('src');
      }

      async function start() {
        await Overlay.ready;
        await showSettings();
        const saved = await Overlay.db.get('count'); // undefined until first set
        count = Number.isInteger(saved) ? saved : 0;
        $('count').textContent = String(count);
        $('increment').disabled = false;
      }

      $('increment').addEventListener('click', async () => {
        if ($('sound').src) $('sound').play().catch(() => {}); // a sound that cannot play is no reason to stop counting
        count += 1;
        $('count').textContent = String(count);
        try {
          await Overlay.db.set('count', count);
        } catch (error) {
          showNote(\`Not saved (\${error?.code ?? 'error'})\`);
        }
      });

      // Another module or overlay wrote our key.
      Overlay.on('change', ({ key, value }) => {
        if (key === 'label' || key === 'sound') showSettings();
        if (key !== 'count' || !Number.isInteger(value)) return;
        count = value;
        $('count').textContent = String(count);
      });

      // Stream events (docs/events.md): Twitch's EventSub payload, test events marked \`test\`.
      Overlay.on('channel.raid', ({ event, test }) => {
        showNote(\`\${event.from_broadcaster_user_name} raids with \${event.viewers} viewers\${test ? ' (test)' : ''}\`);
      });

      start().catch((error) => showNote(\`Not loaded (\${error?.code ?? 'error'})\`));
    </script>
  </body>
</html>
`;
}

/** The module's control page in the dock: the same id and keys as the overlay, context "panel". */
function panelHtml(name: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${name} controls</title>
    <script src="/sdk.js"></script>
    <style>
      :root { color-scheme: dark; font: 14px/1.4 system-ui, sans-serif; color: #eceef6; }
      body { margin: 0; padding: 10px; background: #111218; display: flex; gap: 8px; align-items: center; }
      button { min-height: 36px; padding: 4px 12px; font: inherit; color: inherit; background: #1e2029; border: 1px solid #343746; border-radius: 8px; }
    </style>
  </head>
  <body>
    <output data-testid="panel-count">0</output>
    <button type="button" data-testid="panel-increment" disabled>+1</button>
    <button type="button" data-testid="panel-reset" disabled>Reset</button>
    <script>
      const $ = (id) => document.querySelector(\`[data-testid="\${id}"]\`);
      let count = 0;
      const show = () => ($('panel-count').textContent = String(count));
      const save = (next) => {
        count = next;
        show();
        return Overlay.db.set('count', count); // the overlay hears it as a change
      };
      $('panel-increment').addEventListener('click', () => save(count + 1));
      $('panel-reset').addEventListener('click', () => save(0));
      Overlay.on('change', ({ key, value }) => {
        if (key === 'count' && Number.isInteger(value)) (count = value), show();
      });
      Overlay.ready.then(async ({ context }) => {
        // context is "panel" here, "overlay" on stream.
        const saved = await Overlay.db.get('count');
        count = Number.isInteger(saved) ? saved : 0;
        show();
        $('panel-increment').disabled = false;
        $('panel-reset').disabled = false;
      });
    </script>
  </body>
</html>
`;
}

function specTs(id: string, kind: Kind): string {
  return `import { exampleEvent, expect, test, toneWav } from '../../e2e/fixtures.ts';

test('shows, stores and keeps the count', async ({ overlay, api }) => {
  const frame = await overlay.open({ kind: '${kind}', modules: ['${id}'] });
  await expect(frame.getByTestId('count')).toHaveText('0');
  await frame.getByTestId('increment').click();
  await expect(frame.getByTestId('count')).toHaveText('1');
  // db.set resolves once the write is queued; the server has it soon after.
  await expect.poll(() => api.get('${id}', 'count', '${kind}')).toBe(1);
  await overlay.page.reload();
  await expect(overlay.module('${id}').getByTestId('count')).toHaveText('1');
});

test('follows its setting and its panel from the dock', async ({ overlay, dock }) => {
  const frame = await overlay.open({ kind: '${kind}', modules: ['${id}'] });
  await dock.open(['${id}'], { auth: 'overlay', kind: '${kind}' });
  await dock.setting('Label').fill('Deaths');
  await expect(frame.getByTestId('label')).toHaveText('Deaths');
  await dock.panel('${id}').getByTestId('panel-increment').click();
  await expect(frame.getByTestId('count')).toHaveText('1');
});

test('plays the click sound the streamer chose from their media library', async ({ overlay, api }) => {
  const item = await api.setMedia('${id}', 'sound', { bytes: toneWav(0.3), name: 'click.wav' }, '${kind}');
  const frame = await overlay.open({ kind: '${kind}', modules: ['${id}'] });
  const sound = frame.getByTestId('sound');
  await expect(sound).toHaveAttribute('src', item.url);
  await frame.getByTestId('increment').click();
  await expect.poll(() => sound.evaluate((audio: HTMLAudioElement) => audio.currentTime > 0 || audio.ended)).toBe(true);
});

test('hears a raid', async ({ overlay }) => {
  const frame = await overlay.open({ kind: '${kind}', modules: ['${id}'] });
  await overlay.emitEvent('channel.raid', exampleEvent('channel.raid', { userName: 'CozyCactus', amount: 12 }));
  await expect(frame.getByTestId('note')).toHaveText('CozyCactus raids with 12 viewers');
});
`;
}

/** Parses `<id> [--kind k] [--dir d]`; `--kind` defaults to tool, `--dir` to modules. */
export function parseArgs(argv: string[]): { id: string; kind: string; dir: string } {
  const flags: Record<string, string> = { kind: 'tool', dir: 'modules' };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const match = /^--(kind|dir)(?:=(.*))?$/.exec(argv[i]!);
    if (!match) positional.push(argv[i]!);
    else flags[match[1]!] = match[2] ?? argv[++i] ?? '';
  }
  if (positional.length !== 1 || positional[0]!.startsWith('-')) throw new ScaffoldError(USAGE);
  return { id: positional[0]!, kind: flags.kind!, dir: flags.dir! };
}

export interface CommandIo {
  cwd: string;
  log(line: string): void;
  error(line: string): void;
}

/** Runs the command; returns the exit code. */
export async function runNewModule(argv: string[], io: CommandIo): Promise<number> {
  try {
    const { id, kind, dir } = parseArgs(argv);
    const files = await createModule(resolve(io.cwd, dir), id, kind);
    io.log(`Created module "${id}" (${kind}):`);
    for (const file of files) io.log(`  ${file}`);
    io.log(`Next: npm run dev (it shows up at once), then npx playwright test ${dir}/${id}`);
    return 0;
  } catch (error) {
    if (!(error instanceof ScaffoldError)) throw error;
    io.error(error.message);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const io = { cwd: process.cwd(), log: console.log, error: console.error };
  process.exitCode = await runNewModule(process.argv.slice(2), io);
}
