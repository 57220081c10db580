import { describe, expect, it } from 'vitest';
import type { ModuleEntry } from '../api/index.ts';
import { panelEntries } from './createDockServices.ts';

describe('panelEntries', () => {
  it('runs each panel page in place of the module page, and no panel joins the alert queue', () => {
    const alerts: ModuleEntry = { id: 'a.alerts', name: 'Alerts', kind: 'event', width: 1, height: 1, url: '/modules/a.alerts/', panel: '/modules/a.alerts/panel.html', alerts: true, alertSeconds: 10 };
    const plain: ModuleEntry = { id: 'a.plain', name: 'Plain', kind: 'tool', width: 1, height: 1, url: '/modules/a.plain/' };
    const [panel, other] = panelEntries([alerts, plain]);
    expect(panel).toMatchObject({ id: 'a.alerts', url: '/modules/a.alerts/panel.html', alertSeconds: 10 });
    expect(panel?.alerts).toBeUndefined();
    expect(other).toEqual(plain);
  });
});
