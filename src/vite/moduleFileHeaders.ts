import { MODULE_ASSET_POLICY } from './modulePolicy.ts';

/**
 * Security headers shared by every server of module files and pages (`npm run dev`
 * through the Vite plugin, `npm start` through its page server).
 */

/**
 * On every module file: opened directly (not in its frame), a module page or SVG
 * would otherwise run with the server's origin and reach the page's IndexedDB queue.
 * With it, the file runs in an opaque origin, as in its sandboxed frame.
 */
export const MODULE_FILE_CSP = 'sandbox allow-scripts';

/**
 * The header policy of one module file, by its Content-Type. A module page gets
 * the sandbox only: what it may reach is in the policy written into the page
 * itself (withModulePolicy), which knows the API base the frame was given. Any
 * other file that a browser could show as a document (SVG, XML) reaches nothing
 * beyond the module's own site.
 */
export function moduleFileCsp(contentType: string | null | undefined): string {
  return contentType?.startsWith('text/html') ? MODULE_FILE_CSP : `${MODULE_FILE_CSP}; ${MODULE_ASSET_POLICY}`;
}

/**
 * On the overlay page and the studio: only pages of their own origin may frame
 * them (OBS loads the page as a top-level page). Module files do not carry it:
 * they are framed by the page from another origin (`<site>.localhost`), and
 * their sandbox already keeps them from reaching anything.
 */
export const PAGE_CSP = "frame-ancestors 'self'";
