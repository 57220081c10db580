import { describe, expect, it } from 'vitest';
import { fitFrame } from './fitFrame.ts';

const element = () => ({ style: {} as Record<string, string> }) as unknown as HTMLElement;

describe('fitFrame', () => {
  it('keeps the design size and scales it into the area, aspect kept, centred on the short side', () => {
    const frame = element();
    fitFrame(frame, { width: 400, height: 200 }, { x: 100, y: 50, width: 800, height: 800 });
    expect(frame.style).toMatchObject({ width: '400px', height: '200px', transform: 'translate(100px, 250px) scale(2)' });
    fitFrame(frame, { width: 400, height: 200 }, { x: -40, y: 0, width: 100, height: 20 });
    expect(frame.style.transform).toBe('translate(-10px, 0px) scale(0.1)');
  });

  it('places a frame whose box is its design size unscaled at the box; a whole canvas', () => {
    const frame = element();
    fitFrame(frame, { width: 440, height: 280 }, { x: 24, y: 24, width: 440, height: 280 });
    expect(frame.style.transform).toBe('translate(24px, 24px) scale(1)');
    fitFrame(frame, { width: 1920, height: 1080 }, { x: 0, y: 0, width: 960, height: 1080 });
    expect(frame.style.transform).toBe('translate(0px, 270px) scale(0.5)');
  });

  it('leaves the frame unscaled in an empty area (a hidden browser source)', () => {
    const frame = element();
    fitFrame(frame, { width: 400, height: 200 }, { x: 0, y: 0, width: 0, height: 300 });
    expect(frame.style.transform).toBe('');
  });
});
