import packageJson from '../../package.json' with { type: 'json' };

/** The server's name, as its root page and banner give it. */
export const SERVER_NAME = 'overlay-runtime reference API';

/** The project's version (package.json). */
export const SERVER_VERSION: string = packageJson.version;

/** Where a newcomer reads on: files of the project, relative to its root. */
export const SERVER_DOCS = ['docs/server.md', 'docs/events.md', 'docs/alerts.md', 'docs/envelope-and-root.md', 'README.md'] as const;
