/** A small page for a sign-in that did not end on the home page: what happened, what to do, and the way back. */
export function renderSignInPage(page: { title: string; message: string; next: string; publicUrl: string }): string {
  const home = `${page.publicUrl}/home`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#16161d;color:#e8e8f0;max-width:36rem;margin:3rem auto;padding:0 1rem}a{color:#b9a3ff}</style></head>
<body><main><h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.message)}</p>
<p>${escapeHtml(page.next)}</p>
<p><a href="${escapeHtml(home)}">Home page</a> · <a href="${escapeHtml(`${page.publicUrl}/auth/twitch`)}">Sign in with Twitch</a></p>
</main></body></html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
