import type { AlertStore } from './AlertStore.ts';
import { describeAlertStoreContract } from './alertStoreContract.ts';
import { createMemoryAlertStore } from './memoryAlertStore.ts';
import { createRedisAlertStore } from './redisAlertStore.ts';
import { createSqliteAlertStore } from './sqliteAlertStore.ts';
import { storeSuiteKit } from '../testing/storeSuiteKit.ts';

const kit = storeSuiteKit<AlertStore>('alerts');

describeAlertStoreContract('memory', async () => {
  const store = createMemoryAlertStore();
  return [store, store];
});

describeAlertStoreContract('sqlite', async () => kit.sqlitePair((file) => createSqliteAlertStore(file)));

describeAlertStoreContract('redis', async () => {
  const [a, b] = await kit.redisPair();
  return [createRedisAlertStore(a), createRedisAlertStore(b)];
});
