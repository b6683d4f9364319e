/** Text for HTML, its markup characters escaped: whatever a chain holds is shown, never run. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  )

/** The devchain's human-readable pages (a transaction, an asset): plain HTML, no script. */
export const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
code{word-break:break-all}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}
img{display:block;max-width:16rem;height:auto;border-radius:.75rem}</style>
</head>
<body>${body}</body>
</html>`
