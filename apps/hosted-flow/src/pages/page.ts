const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]);
}

/** A complete, self-contained HTML page (no external assets: the hosted flow works offline in the sandbox). */
export function page(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(title)}</title>
    <style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2933}</style>
  </head>
  <body>
    <h1>${escapeHtml(title)}</h1>
    ${body}
  </body>
</html>
`;
}

export const NOT_FOUND_PAGE = page('Link not found', [
  'This link is not valid. Check that you opened the whole link from the message.',
]);
export const UNAVAILABLE_PAGE = page('Temporarily unavailable', [
  'We cannot open this link right now. Please try again in a minute.',
]);
