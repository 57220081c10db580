import { DEMO_SEED } from './demoSeed.ts';
import { createMemoryRegistry } from './memoryRegistry.ts';
import { describeRegistryContract } from './registryContract.ts';

// One process: its "two instances" are one registry.
describeRegistryContract('memory', async (options) => {
  const registry = createMemoryRegistry(DEMO_SEED, options);
  return [registry, registry];
});
