/**
 * The Dev Anchor page at `base`: a form, its styles inline (the CSP allows those) and its script
 * served beside it.
 */
export function devAnchorPageHtml(base: string, accounts: readonly string[]): string {
  const options = accounts.map((account) => `<option>${account}</option>`).join('')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev Anchor</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
textarea{width:100%;box-sizing:border-box;font-family:monospace;min-height:6rem}
label{display:block;margin-top:1rem;font-weight:600}
.actions{display:flex;gap:.5rem;margin-top:1rem;flex-wrap:wrap}
button{font:inherit;padding:.5rem 1rem}
video{width:100%;max-height:20rem;margin-top:1rem;background:#000}
[hidden]{display:none!important}
</style>
</head>
<body>
<h1>Dev Anchor</h1>
<p>Plays Anchor on a phone for this devchain. In the login dialog choose Anchor, then paste the
link ('Copy to clipboard') here or scan its QR code, and approve or decline. It signs with the
devchain's documented dev key; the transactions of a login approved here are signed as they arrive
while the server runs.</p>
<form id="request" data-base="${base}">
<label for="link">Signing request link (esr:…)</label>
<textarea id="link" name="link" required spellcheck="false" autocomplete="off"></textarea>
<button type="button" id="scan" hidden>Scan QR code</button>
<video id="camera" hidden muted playsinline aria-label="Camera"></video>
<p id="summary"></p>
<label for="account">Account</label>
<select id="account" name="account">${options}</select>
<div class="actions">
<button type="submit" value="approve">Approve</button>
<button type="submit" value="decline">Decline</button>
</div>
</form>
<p id="status" role="status" aria-live="polite"></p>
<script type="module" src="${base}/page.js"></script>
</body>
</html>`
}
