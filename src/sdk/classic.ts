// Entry of /sdk.js: a classic script defining `window.Overlay`.
import './Overlay.ts';
