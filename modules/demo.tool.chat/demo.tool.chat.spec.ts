import { expect, test } from '../../e2e/fixtures.ts';
import { CHAT_EXAMPLES } from '../../src/server/twitch/testing/chatExamples.ts';

const ID = 'demo.tool.chat';

/** Posts a recorded chat message as an EventSub adapter would store it (POST /me/events). */
async function postChat(api: { url: string; tokens: { website: string } }, id: string, event: object): Promise<void> {
  const response = await fetch(`${api.url}/me/events`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${api.tokens.website}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'channel.chat.message', version: '1', id, event }),
  });
  expect(response.status).toBe(201);
}

test('shows recorded chat messages: names in colour, badges, emotes as images, /me in italics', async ({ overlay, api }) => {
  const chat = await overlay.open({ kind: 'tool', modules: [ID] });
  await expect(chat.getByTestId('chat')).toHaveAttribute('aria-busy', 'false');
  await postChat(api, 'chat-1', CHAT_EXAMPLES.hello);
  await postChat(api, 'chat-2', CHAT_EXAMPLES.emotes);
  await postChat(api, 'chat-3', CHAT_EXAMPLES.action);
  await postChat(api, 'chat-4', CHAT_EXAMPLES.noColour);
  const lines = chat.getByTestId('chat-line');
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(0).getByTestId('chat-name')).toHaveText('viewer32');
  await expect(lines.nth(0).getByTestId('chat-name')).toHaveCSS('color', 'rgb(0, 255, 127)');
  await expect(lines.nth(0).locator('.badge')).toHaveText(['M', 'S', 'G']);
  await expect(lines.nth(1).locator('img.emote')).toHaveCount(2);
  await expect(lines.nth(1).locator('img.emote').first()).toHaveAttribute('src', 'https://static-cdn.jtvnw.net/emoticons/v2/25/default/dark/1.0');
  await expect(lines.nth(1).getByTestId('chat-text')).toHaveText('gg  what a run ');
  await expect(lines.nth(2).locator('em[data-testid="chat-text"]')).toHaveText('waves at chat');
  await expect(lines.nth(3).getByTestId('chat-text')).toHaveText('<b>not bold</b>');
  await expect(lines.nth(3).locator('b')).toHaveCount(0);
});
