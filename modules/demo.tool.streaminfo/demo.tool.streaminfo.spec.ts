import { expect, test } from '../../e2e/fixtures.ts';

const ID = 'demo.tool.streaminfo';

test('shows the live stream from the profile', async ({ overlay, api }) => {
  const info = await overlay.open({ kind: 'tool', modules: [ID] });
  const { stream } = api.profile.twitch;
  await expect(info.getByTestId('live')).toHaveText('Live');
  await expect(info.getByTestId('title')).toHaveText(stream.title);
  await expect(info.getByTestId('viewers')).toHaveText(stream.viewer.toLocaleString('en'));
  await expect(info.getByTestId('uptime')).toHaveText(/^\d+h \d{2}m$|^\d+m$/);
  await expect(info.getByTestId('game')).toHaveText(stream.game.name);
});

test('shows an offline stream without viewers or uptime', async ({ overlay, api }) => {
  await api.updateProfile(({ twitch }) => {
    twitch.stream.status = 'offline';
  });
  const info = await overlay.open({ kind: 'tool', modules: [ID] });
  await expect(info.getByTestId('live')).toHaveText('Offline');
  await expect(info.getByTestId('title')).toHaveText(api.profile.twitch.stream.lastStream.title);
  await expect(info.getByTestId('viewers')).toHaveText('–');
  await expect(info.getByTestId('uptime')).toHaveText('–');
});
