import type * as z from 'zod/mini';
import {
  type BridgeMethod,
  type EventPage,
  type Kind,
  METHOD_PARAMS,
  type ModuleContext,
  OverlayError,
  type PublicProfile,
  type ReadyInfo,
  type Refusal,
  resolveKey,
  type Settings,
} from '../api/index.ts';
import type { ModuleData } from '../client/index.ts';
import { decodeJsonValue } from './decodeJsonValue.ts';
import { publicOnly } from './publicOnly.ts';
import type { SettingsMedia } from './readSettings.ts';

/** Handles one method for the module `ownId` (the port's module, never a message field). */
export type BridgeHandler = (ownId: string, params: unknown) => Promise<unknown>;

export interface BridgeMethodsOptions {
  data: ModuleData;
  kind: Kind;
  getProfile: () => Promise<PublicProfile>;
  /** Largest written value, in UTF-8 bytes of its JSON. */
  valueBytes: number;
  /** Where the modules run, as `Overlay.ready` tells them. */
  context: ModuleContext;
  /** The `settings` block of a mounted module's manifest. */
  settingsOf: (moduleId: string) => Settings | undefined | Promise<Settings | undefined>;
  /** Told of each request a module's page refused (its `connect` does not declare the origin). */
  onRefused?: (moduleId: string, refusal: Refusal) => void;
  /** Where a module's media settings are looked up; without it they read as stored (a test host). */
  settingsMediaOf?: (moduleId: string) => SettingsMedia | undefined;
  /** History of stream events with the page's token; absent where the page has none (a test host). */
  listEvents?: (query: { after?: string; limit?: number }) => Promise<EventPage>;
  /** A module's answer to an alert it was shown (`showing` undefined: done); answers for alerts it was not shown do nothing. */
  answerAlert?: (moduleId: string, n: number, showing?: boolean) => void;
}

/** The methods a module may call, looked up by name. */
export function createBridgeMethods(options: BridgeMethodsOptions): Map<string, BridgeHandler> {
  const { data, kind, getProfile, valueBytes, context, settingsOf, settingsMediaOf, listEvents, answerAlert, onRefused } = options;
  const profile = async () => publicOnly(await getProfile());
  const answer =
    (method: 'alert.result' | 'alert.done'): BridgeHandler =>
    async (ownId, params) => {
      const { n, showing } = parseParams(method, params) as { n: number; showing?: boolean };
      answerAlert?.(ownId, n, showing);
    };
  return new Map<BridgeMethod, BridgeHandler>([
    [
      'ready',
      async (ownId, params): Promise<ReadyInfo> => {
        parseParams('ready', params);
        return { id: ownId, kind, profile: await profile(), context };
      },
    ],
    [
      'profile',
      async (_ownId, params) => {
        parseParams('profile', params);
        return profile();
      },
    ],
    [
      'db.get',
      async (ownId, params) => {
        const { key } = parseParams('db.get', params);
        resolveKey(ownId, key);
        return data.get(ownId, key);
      },
    ],
    [
      'db.set',
      async (ownId, params) => {
        const { key, json } = parseParams('db.set', params);
        resolveKey(ownId, key);
        await data.set(ownId, key, decodeJsonValue(json, valueBytes));
      },
    ],
    [
      'settings',
      async (ownId, params) => {
        parseParams('settings', params);
        const settings = await settingsOf(ownId);
        if (!settings || Object.keys(settings).length === 0) return {};
        const read = await loadReadSettings();
        // Without its code (the page's server went away), each setting reads as its default,
        // as one that cannot be read does: a module drawing its first frame is better served by that.
        return read ? read(data, ownId, settings, settingsMediaOf?.(ownId)) : Object.fromEntries(Object.entries(settings).map(([name, setting]) => [name, setting.default]));
      },
    ],
    [
      'events.list',
      async (_ownId, params) => {
        const query = parseParams('events.list', params);
        if (!listEvents) throw new OverlayError('UNAVAILABLE', 'events.list: this page has no event history');
        return listEvents(query);
      },
    ],
    ['alert.result', answer('alert.result')],
    ['alert.done', answer('alert.done')],
    [
      'refused',
      async (ownId, params) => {
        onRefused?.(ownId, parseParams('refused', params));
      },
    ],
  ]);
}

type Params<M extends BridgeMethod> = z.infer<(typeof METHOD_PARAMS)[M]>;

/** Checks a method's parameters; a missing `p` counts as `{}`. */
function parseParams<M extends BridgeMethod>(method: M, params: unknown): Params<M> {
  const parsed = METHOD_PARAMS[method].safeParse(params ?? {});
  if (parsed.success) return parsed.data as Params<M>;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? `p.${issue.path.join('.')}` : 'p';
  throw new OverlayError('BAD_REQUEST', `${method}: ${field} is invalid (${issue?.message ?? 'bad shape'})`);
}

/** The settings checks, loaded by the first module with settings that asks for them (many modules have none); null if they did not load. */
async function loadReadSettings(): Promise<typeof import('./readSettings.ts').readSettings | null> {
  try {
    return (await import('./readSettings.ts')).readSettings;
  } catch {
    return null;
  }
}
