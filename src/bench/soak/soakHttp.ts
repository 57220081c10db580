import { type Agent, request } from 'node:http';

/** An answer of the API: status, body text and its ETag (when it sent one). */
export interface HttpAnswer {
  status: number;
  body: string;
  etag?: string | undefined;
}

/**
 * One HTTP request over a keep-alive agent (through the balancer, each
 * connection sticks to one instance until it drops); rejects on a network
 * error or when no answer comes within `timeoutMs`.
 */
export function send(agent: Agent, port: number, method: 'GET' | 'PATCH' | 'PUT', path: string, token: string, body?: string, timeoutMs = 10_000): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent, timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, etag: res.headers.etag }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** `GET /me/database` of one soak key: the stored JSON, undefined on 404; throws on anything else. */
export async function readKey(agent: Agent, port: number, token: string, moduleId: string, key: string): Promise<string | undefined> {
  const answer = await send(agent, port, 'GET', `/me/database?id=${encodeURIComponent(moduleId)}&key=${encodeURIComponent(key)}`, token);
  if (answer.status === 404) return undefined;
  if (answer.status !== 200) throw new Error(`GET ${key}: ${answer.status} ${answer.body}`);
  return JSON.stringify((JSON.parse(answer.body) as { value: unknown }).value);
}

/** A `GET` that must answer 200 (`GET /me`, `GET /me/layout/<kind>`): its body and ETag; throws on anything else. */
export async function readTagged(agent: Agent, port: number, token: string, path: string): Promise<{ json: string; etag: string }> {
  const answer = await send(agent, port, 'GET', path, token);
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body}`);
  return { json: answer.body, etag: answer.etag ?? '' };
}
