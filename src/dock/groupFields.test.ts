import { describe, expect, it } from 'vitest';
import { groupFields } from './groupFields.ts';

const field = (name: string, group?: string) => ({ name, setting: group === undefined ? {} : { group } });

describe('groupFields', () => {
  it('keeps the manifest order and gathers each group where its first setting stands', () => {
    const parts = groupFields([field('length'), field('showFollows', 'Follows'), field('showCheers', 'Cheers'), field('followSound', 'Follows'), field('volume')]);
    expect(parts.map((part) => [part.group, part.fields.map((one) => one.name)])).toEqual([
      [null, ['length']],
      ['Follows', ['showFollows', 'followSound']],
      ['Cheers', ['showCheers']],
      [null, ['volume']],
    ]);
  });

  it('gives one part per setting when there are no groups', () => {
    expect(groupFields([field('a'), field('b')]).map((part) => part.group)).toEqual([null, null]);
  });
});
