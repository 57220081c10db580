import { describe, expect, it } from 'vitest';
import type { Boxes, Layout } from '../api/index.ts';
import { ApiError } from '../client/index.ts';
import { followLayout } from './followLayout.ts';

const layoutOf = (boxes: Boxes): Layout => ({ kind: 'tool', width: 1920, height: 1080, boxes });
const box = { x: 10, y: 20, width: 300, height: 200 };

function setup(answers: (() => Promise<Layout>)[]) {
  const arranged: Boxes[] = [];
  let asked = 0;
  const client = { layout: () => answers[asked++]!() };
  const follower = followLayout(client, 'tool', { arrange: (boxes) => arranged.push(boxes) });
  return { follower, arranged, asked: () => asked };
}

describe('followLayout', () => {
  it('moves the frames only when the boxes differ from those shown', async () => {
    const { follower, arranged } = setup([async () => layoutOf({}), async () => layoutOf({ 'm.a': box })]);
    await follower.read();
    expect(arranged).toEqual([]);
    await follower.read();
    follower.show(layoutOf({ 'm.a': box }));
    expect(arranged).toEqual([{ 'm.a': box }]);
    follower.show(undefined);
    expect(arranged).toEqual([{ 'm.a': box }, {}]);
  });

  it('takes an API without layouts (404) as default boxes and never asks it again', async () => {
    const { follower, arranged, asked } = setup([async () => Promise.reject(new ApiError('NOT_FOUND', 'Not found', 404))]);
    await follower.read();
    await follower.read();
    expect(asked()).toBe(1);
    expect(arranged).toEqual([]);
  });

  it('keeps the boxes shown when a read fails, and drops a read that news overtook', async () => {
    let answer: (layout: Layout) => void = () => {};
    const { follower, arranged } = setup([
      async () => Promise.reject(new ApiError('UNAVAILABLE', 'down')),
      () => new Promise<Layout>((resolve) => (answer = resolve)),
    ]);
    await follower.read();
    const stale = follower.read();
    follower.show(layoutOf({ 'm.a': box }));
    answer(layoutOf({}));
    await stale;
    expect(arranged).toEqual([{ 'm.a': box }]);
  });
});
