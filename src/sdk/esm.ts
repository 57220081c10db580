// Entry of /sdk.mjs: `import { Overlay } from '/sdk.mjs'` (it also sets `window.Overlay`).
import { Overlay } from './Overlay.ts';

export { Overlay };
export default Overlay;
