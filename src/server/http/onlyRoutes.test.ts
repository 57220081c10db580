import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** The HTTP layer's code: every source file under src/server/http but its tests. */
function codeFiles(): string[] {
  return readdirSync(here, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A call that builds a service: a store, sessions, a request counter, an events log, an alert control, a registry. */
const BUILDS = /\b(create\w*(?:Store|Sessions|RateCounter|Events|Registry)|createAlertControl|withSessions|withProfileNews|rateCounterFor|open[A-Z]\w*)\(/g;

/** The code without its comments, which may name the builders to say where a service comes from. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('src/server/http only routes', () => {
  it('builds none of the services it serves: composeApi builds them and the app is handed them', () => {
    const calls = codeFiles().flatMap((file) => [...withoutComments(readFileSync(file, 'utf8')).matchAll(BUILDS)].map((match) => `${relative(here, file)}: ${match[1]}`));
    expect(calls).toEqual([]);
  });
});
