import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_SEED } from '../../server/index.ts';
import type { BenchContext } from '../BenchContext.ts';

export interface ToolSeed {
  /** The seed file, for `--seed` of the API processes a figure spawns. */
  path: string;
  /** The demo user's tool overlay token (an overlay token of the seed, as OBS opens the overlay). */
  token: string;
}

/** The demo seed, its tool overlay showing `tools`, written to a new folder `label` of the run's temp folder. */
export async function writeToolSeed(context: BenchContext, label: string, tools: string[]): Promise<ToolSeed> {
  const seed = structuredClone(DEMO_SEED);
  seed.users[0]!.profile.selected.tools = tools;
  const path = join(await context.tempDir(label), 'seed.json');
  await writeFile(path, JSON.stringify(seed));
  const token = seed.users[0]!.tokens.find((each) => each.context === 'overlay' && each.overlay === 'tool')!.token;
  return { path, token };
}
