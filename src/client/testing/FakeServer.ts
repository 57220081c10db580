import { type Json, resolveKey } from '../../api/index.ts';
import { type FetchCall, fakeFetch, json } from './fakeFetch.ts';

/** A scripted answer; null lets the request through to the normal behaviour. */
type Answer = (call: FetchCall) => Response | null | Promise<Response>;

/** The database endpoints of the API, in memory, with scripted answers and held requests. */
export class FakeServer {
  readonly values = new Map<string, Json>();
  /** Serves `GET /me/database/values` (the reference server's extension); false answers it 404, as the hosted API. */
  valuesEndpoint = true;
  /** Every PATCH body that was stored, in order. */
  readonly stored: { id: string; key: string; value: Json }[] = [];
  /** Answers used first, one per request, before the normal behaviour. */
  readonly script: Answer[] = [];
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;
  readonly net = fakeFetch((call) => this.answer(call));

  get fetch(): typeof globalThis.fetch {
    return this.net.fetch;
  }

  /** Requests wait until `release` is called. */
  hold(): void {
    this.gate = new Promise((resolve) => {
      this.open = resolve;
    });
  }

  /** Lets the request through (for `script`). */
  static readonly pass: Answer = () => null;

  /** Answers `status` with a JSON error body and optional headers (for `script`). */
  static fail(status: number, headers: Record<string, string> = {}): Answer {
    return () => json(status, { code: status, message: `failed with ${status}` }, headers);
  }

  release(): void {
    this.open?.();
    this.gate = null;
  }

  /** The value stored for (moduleId, name). */
  value(moduleId: string, name: string): Json | undefined {
    return this.values.get(`${moduleId}/${name}`);
  }

  private async answer(call: FetchCall): Promise<Response> {
    if (this.gate) await this.gate;
    const scripted = await this.script.shift()?.(call);
    if (scripted) return scripted;
    if (call.method === 'PATCH') return this.patch(call.body as { id: string; key: string; value: Json });
    const url = new URL(call.url);
    if (url.pathname.endsWith('/me/database/values')) return this.valuesOf(url.searchParams.get('id') ?? '');
    const query = url.searchParams;
    const { moduleId, name } = resolveKey(query.get('id') ?? '', query.get('key') ?? '');
    const value = this.value(moduleId, name);
    if (value === undefined) return json(404, { code: 404, message: 'never set' });
    return json(200, { id: query.get('id'), key: query.get('key'), value });
  }

  private valuesOf(id: string): Response {
    if (!this.valuesEndpoint) return json(404, { code: 404, message: 'Not found' });
    const values: Record<string, Json> = {};
    for (const [stored, value] of this.values) if (stored.startsWith(`${id}/`)) values[stored.slice(id.length + 1)] = value;
    return json(200, { id, values });
  }

  private patch(body: { id: string; key: string; value: Json }): Response {
    const { moduleId, name } = resolveKey(body.id, body.key);
    this.values.set(`${moduleId}/${name}`, body.value);
    this.stored.push(body);
    return json(200, body);
  }
}
