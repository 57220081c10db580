import { describe, expect, it } from 'vitest';
import type { AlertsState } from '../api/index.ts';
import { ApiError, createLiveAlertsHub } from '../client/index.ts';
import { AlertsModel } from './AlertsModel.ts';

const OFF: AlertsState = { paused: false, muted: false, showing: null, waiting: 0 };
const revision = (n: number) => ({ epoch: 'e1', n });

/** A client whose answers the test releases when it wants. */
function slowClient() {
  const answers: ((state: AlertsState) => void)[] = [];
  const later = () => new Promise<AlertsState>((resolve) => answers.push(resolve));
  return { client: { alerts: later, alertCommand: later }, answer: (state: AlertsState) => answers.shift()!(state) };
}

describe('AlertsModel', () => {
  it('takes the read state, then every live state; a read or command answer older than a live state is dropped', async () => {
    const { client, answer } = slowClient();
    const hub = createLiveAlertsHub();
    const model = new AlertsModel(client);
    const started = model.start(hub);
    expect(model.line.value).toBe('Reading the alert state…');
    hub.receive({ type: 'alerts', state: { ...OFF, paused: true }, revision: revision(1) });
    answer(OFF);
    await started;
    expect(model.state.value).toMatchObject({ paused: true });
    const command = model.command('mute');
    hub.receive({ type: 'alerts', state: { ...OFF, paused: true, muted: true, waiting: 2 }, revision: revision(2) });
    answer({ ...OFF, paused: true, muted: true });
    await command;
    expect(model.line.value).toBe('Paused · 2 waiting · muted');
    hub.receive({ type: 'alertCommand', command: 'skip', id: 'x' });
    const reread = model.read();
    answer(OFF);
    await reread;
    expect(model.state.value).toEqual(OFF);
    model.stop();
    hub.receive({ type: 'alerts', state: { ...OFF, muted: true }, revision: revision(3) });
    expect(model.state.value).toEqual(OFF);
  });

  it('takes the state the live channel already brought (a ready carries it) and reads nothing; later ones as they come', async () => {
    let reads = 0;
    const hub = createLiveAlertsHub();
    hub.receive({ type: 'alerts', state: { ...OFF, paused: true, waiting: 3 }, revision: revision(4) });
    const read = async () => {
      reads += 1;
      return OFF;
    };
    const model = new AlertsModel({ alerts: read, alertCommand: async () => OFF });
    await model.start(hub);
    expect(reads).toBe(0);
    expect(model.line.value).toBe('Paused · 3 waiting');
    hub.receive({ type: 'alerts', state: { ...OFF, muted: true }, revision: { epoch: 'e2', n: 1 } });
    expect(model.state.value).toEqual({ ...OFF, muted: true });
    expect(reads).toBe(0);
  });

  it('knows an API without alert controls (404), which the dock then leaves out', async () => {
    const model = new AlertsModel({ alerts: async () => Promise.reject(new ApiError('NOT_FOUND', 'Not found', 404)), alertCommand: async () => OFF });
    await model.start(undefined);
    expect(model.absent.value).toBe(true);
  });

  it('says what failed', async () => {
    const model = new AlertsModel({ alerts: async () => Promise.reject(new Error('The API cannot be reached')), alertCommand: async () => Promise.reject(new Error('Forbidden')) });
    await model.start(undefined);
    expect(model.problem.value).toBe('cannot read the alert state: The API cannot be reached');
    expect(model.absent.value).toBe(false);
    await model.command('skip');
    expect(model.problem.value).toBe('skip failed: Forbidden');
  });
});
