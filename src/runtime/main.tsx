import './overlay.css';
import { bootOverlayPage } from './bootOverlayPage.ts';

// The studio shares this entry so that one page serves both; it loads only on /studio.
if (location.pathname.replace(/\/+$/, '') === '/studio') {
  void import('../studio/main.tsx').then(({ bootStudio }) => bootStudio());
} else {
  bootOverlayPage();
}
