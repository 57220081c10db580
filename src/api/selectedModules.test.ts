import { describe, expect, it } from 'vitest';
import { selectedModules } from './selectedModules.ts';

const selected = {
  game: 'demo.game.trivia',
  tools: ['demo.tool.counter', '', 'demo.tool.goal', 'demo.tool.counter'],
  background: 'demo.background.aurora',
  event: '',
};

describe('selectedModules', () => {
  it('reads the one module of game, background and event overlays', () => {
    expect(selectedModules({ selected }, 'game')).toEqual(['demo.game.trivia']);
    expect(selectedModules({ selected }, 'background')).toEqual(['demo.background.aurora']);
    expect(selectedModules({ selected }, 'event')).toEqual([]);
  });

  it('reads every tool once, skipping empty ids', () => {
    expect(selectedModules({ selected }, 'tool')).toEqual(['demo.tool.counter', 'demo.tool.goal']);
  });
});
