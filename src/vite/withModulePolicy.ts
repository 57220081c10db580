import { MODULE_API_PARAM } from '../api/index.ts';
import { modulePolicy } from './modulePolicy.ts';

const MEDIA_MARK = '__OVERLAY_MEDIA__';

/**
 * A module page with its policy written in before anything of the module runs:
 * a small script, first in the document, adds a `<meta http-equiv="Content-Security-Policy">`
 * to the head. The declared origins are fixed at build time; the API base is
 * not (a page chooses it with `api=`), so the script reads it from the frame
 * URL's `api` parameter (set by the overlay page) and allows `<api base>/media/`.
 * A base that is not a plain http(s) URL is left out, which only narrows the policy.
 */
export function withModulePolicy(html: string, connect: readonly string[] = []): string {
  // The charset first: the script pushes the module's own `<meta charset>` past the first 1024 bytes, where browsers look for it.
  const script = `<meta charset="utf-8"><script>${policyScript(modulePolicy(connect, MEDIA_MARK))}</script>`;
  // After the doctype (before it, the page would fall into quirks mode); it can hold no script.
  const doctype = /^\uFEFF?\s*(<!--[\s\S]*?-->\s*)*<!doctype[^>]*>/i.exec(html);
  const at = doctype ? doctype[0].length : 0;
  return html.slice(0, at) + script + html.slice(at);
}

/** Plain ES5-level script: it runs in every Chromium an OBS ships, before the module's own code. */
function policyScript(template: string): string {
  return `(function(){var m='';try{var a=new URLSearchParams(location.search).get(${JSON.stringify(MODULE_API_PARAM)});if(a){var u=new URL(a);if((u.protocol==='https:'||u.protocol==='http:')&&!u.username&&!u.password&&!u.search&&!u.hash){var b=u.origin+u.pathname.replace(/\\/?$/,'/')+'media/';if(/^[A-Za-z0-9._~:\\/%\\[\\]-]+$/.test(b))m=b}}}catch(e){}var p=${JSON.stringify(template)}.split(${JSON.stringify(MEDIA_MARK)}).join(m);var t=document.createElement('meta');t.httpEquiv='Content-Security-Policy';t.content=p;document.head.appendChild(t)})()`;
}
