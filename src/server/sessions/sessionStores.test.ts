import { createMemorySessionStore } from './memorySessionStore.ts';
import { createRedisSessionStore } from './redisSessionStore.ts';
import type { SessionStore } from './SessionStore.ts';
import { describeSessionStoreContract } from './sessionStoreContract.ts';
import { createSqliteSessionStore } from './sqliteSessionStore.ts';
import { storeSuiteKit } from '../testing/storeSuiteKit.ts';

const kit = storeSuiteKit<SessionStore>('sessions');

describeSessionStoreContract('memory', async () => {
  const store = createMemorySessionStore();
  return [store, store];
});

describeSessionStoreContract('sqlite', async (now) => kit.sqlitePair((file) => createSqliteSessionStore(file, now)));

describeSessionStoreContract('redis', async () => {
  const [a, b] = await kit.redisPair();
  return [createRedisSessionStore(a), createRedisSessionStore(b)];
});
