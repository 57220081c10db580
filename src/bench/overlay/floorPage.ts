/**
 * The cold start's floor: a bare page that puts the given frames in, sandboxed
 * as the host sandboxes a module's frame and at the same size, and notes in
 * `window.__floorReadyAt` when the last one fired `load` (ms since navigation
 * start). No runtime, no API, no IndexedDB: what five sites and their pages
 * cost by themselves. The frame URLs come in the query: `?frames=<JSON array>`.
 */
export const FLOOR_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>cold start floor</title></head>
  <body style="margin:0;background:transparent">
    <script>
      const urls = JSON.parse(new URLSearchParams(location.search).get('frames'));
      let loaded = 0;
      for (const url of urls) {
        const frame = document.createElement('iframe');
        frame.setAttribute('sandbox', 'allow-scripts');
        frame.setAttribute('referrerpolicy', 'no-referrer');
        frame.style.cssText = 'position:absolute;left:0;top:0;border:0;width:1920px;height:1080px;background:transparent';
        frame.onload = () => {
          if (++loaded === urls.length) window.__floorReadyAt = performance.now();
        };
        frame.src = url;
        document.body.append(frame);
      }
    </script>
  </body>
</html>
`;

/** Where the bench writes the floor page in the built site. */
export const FLOOR_PATH = '/bench-floor.html';
