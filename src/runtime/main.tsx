import './overlay.css';
import { bootOverlayPage } from './bootOverlayPage.ts';

bootOverlayPage();
