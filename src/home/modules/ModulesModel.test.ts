import { describe, expect, it } from 'vitest';
import { ModulesModel } from './ModulesModel.ts';
import { entry, profileServer, signedIn } from '../testing/profileServer.ts';

const CATALOG = [entry('b.bg', 'background'), entry('g.game', 'game'), entry('t.chat', 'tool', 'Chat box'), entry('t.one', 'tool'), entry('t.two', 'tool')];

describe('ModulesModel', () => {
  it('groups the installed modules by kind and shows the stored selection', async () => {
    const model = new ModulesModel(await signedIn(profileServer(), CATALOG));
    expect(model.byKind.value.tool.map((module) => module.id)).toEqual(['t.chat', 't.one', 't.two']);
    expect(model.byKind.value.game.map((module) => module.id)).toEqual(['g.game']);
    expect(model.selection.value.value).toEqual({ game: 'g.game', tools: ['t.one', 't.two'], background: 'b.bg', event: 'e.ev' });
  });

  it('saves the whole selection with If-Match and takes the new ETag', async () => {
    const server = profileServer();
    const session = await signedIn(server, CATALOG);
    const model = new ModulesModel(session);
    await model.showTool('t.chat', true);
    expect(server.asked.at(-1)).toEqual({ method: 'PUT', path: '/me/selected', ifMatch: '"v1"', body: { game: 'g.game', tools: ['t.one', 't.two', 't.chat'], background: 'b.bg', event: 'e.ev' } });
    expect(session.etag.value).toBe('"v2"');
    await model.moveTool('t.chat', -1);
    await model.choose('game', '');
    await model.showTool('t.one', false);
    expect(server.profile.selected).toEqual({ game: '', tools: ['t.chat', 't.two'], background: 'b.bg', event: 'e.ev' });
    expect(server.asked.at(-1)?.ifMatch).toBe('"v4"');
    expect(model.selection.status.value).toBe('saved');
  });

  it('does not move the first tool up or the last down', async () => {
    const server = profileServer();
    const model = new ModulesModel(await signedIn(server, CATALOG));
    await model.moveTool('t.one', -1);
    await model.moveTool('t.two', 1);
    expect(server.asked.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('keeps a choice the server did not store on screen, says so next to its control, and saves it on retry', async () => {
    const server = profileServer();
    const model = new ModulesModel(await signedIn(server, CATALOG));
    server.failNext.push(503);
    await model.showTool('t.chat', true);
    expect(model.selection.status.value).toBe('failed');
    expect(model.selection.error.value).toBe('Not saved: failed with 503.');
    expect(model.selection.control.value).toBe('tool:t.chat');
    expect(model.selection.value.value?.tools).toEqual(['t.one', 't.two', 't.chat']);
    await model.selection.retry();
    expect(server.profile.selected.tools).toEqual(['t.one', 't.two', 't.chat']);
    expect(model.selection.error.value).toBeNull();
  });

  it('on 412 reads the profile again, says so, keeps the choice, and a retry saves it with the fresh ETag', async () => {
    const server = profileServer();
    const session = await signedIn(server, CATALOG);
    const model = new ModulesModel(session);
    // Another tab saves its favourites first.
    server.version = 7;
    server.profile = { ...server.profile, favs: { ...server.profile.favs, games: ['g.game'] } };
    await model.showTool('t.chat', true);
    expect(model.selection.error.value).toMatch(/changed elsewhere/);
    expect(session.etag.value).toBe('"v7"');
    expect(model.favourites.value.value?.games).toEqual(['g.game']);
    expect(model.selection.value.value?.tools).toEqual(['t.one', 't.two', 't.chat']);
    await model.selection.retry();
    expect(server.profile.selected.tools).toEqual(['t.one', 't.two', 't.chat']);
    expect(server.profile.favs.games).toEqual(['g.game']);
  });

  it('marks and unmarks favourites of the module\'s kind', async () => {
    const server = profileServer();
    const model = new ModulesModel(await signedIn(server, CATALOG));
    const chat = CATALOG[2]!;
    await model.favourite(chat, true);
    expect(server.profile.favs).toEqual({ games: [], tools: ['t.chat'], backgrounds: [], events: [] });
    expect(model.isFavourite(chat)).toBe(true);
    await model.favourite(chat, false);
    expect(server.profile.favs.tools).toEqual([]);
    expect(model.isFavourite(chat)).toBe(false);
  });

  it('sends a change made while a save is under way once that save is done', async () => {
    const server = profileServer();
    const model = new ModulesModel(await signedIn(server, CATALOG));
    const first = model.showTool('t.chat', true);
    const second = model.showTool('t.one', false);
    await Promise.all([first, second]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.profile.selected.tools).toEqual(['t.two', 't.chat']);
    expect(model.selection.value.value?.tools).toEqual(['t.two', 't.chat']);
  });
});
