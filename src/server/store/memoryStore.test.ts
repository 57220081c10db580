import { createMemoryStore } from './memoryStore.ts';
import { describeStoreContract } from './storeContract.ts';

describeStoreContract('memory', async () => createMemoryStore());
