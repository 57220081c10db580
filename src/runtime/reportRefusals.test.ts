import { describe, expect, it } from 'vitest';
import { OverlayModel } from './OverlayModel.ts';
import { MAX_REFUSED_ORIGINS, reportRefusals } from './reportRefusals.ts';

describe('reportRefusals', () => {
  it('lists one problem per module and refused origin, naming the manifest member to fix', () => {
    const model = new OverlayModel(() => {});
    const report = reportRefusals(model);
    report('demo.tool.chat', { directive: 'img-src', url: 'https://cdn.example.com/a.png' });
    report('demo.tool.chat', { directive: 'img-src', url: 'https://cdn.example.com/b.png' });
    report('test.probe', { directive: 'connect-src', url: 'ws://127.0.0.1:8080/api/live' });
    expect(model.problems.value.map((problem) => problem.message)).toEqual([
      'demo.tool.chat was refused https://cdn.example.com (img-src): a module reaches only the origins in "connect" of its module.json, and the API only through the SDK',
      'test.probe was refused ws://127.0.0.1:8080 (connect-src): a module reaches only the origins in "connect" of its module.json, and the API only through the SDK',
    ]);
  });

  it(`lists at most ${MAX_REFUSED_ORIGINS} origins of one module`, () => {
    const model = new OverlayModel(() => {});
    const report = reportRefusals(model);
    for (let i = 0; i < 50; i += 1) report('test.flood', { directive: 'connect-src', url: `https://h${i}.example/` });
    report('demo.other', { directive: 'connect-src', url: 'https://x.example/' });
    expect(model.problems.value).toHaveLength(MAX_REFUSED_ORIGINS + 1);
  });
});
