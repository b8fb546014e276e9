/**
 * The console's stylesheet and its one script, served from /console/assets with long-lived
 * caching keyed by their hash. Kept as text here so `npm start` and `npm test` build nothing extra;
 * the script only enhances pages that work without it (copy buttons, the cover preview's edition).
 */
export const CONSOLE_CSS = `
:root { --ink: #1d1d27; --muted: #555566; --line: #d6d6e0; --brand: #4b2e83; --ok: #1d6b3a; --bad: #a4161a; --bg: #f7f7fb; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 "Noto Sans", "Noto Sans Thai", system-ui, sans-serif; color: var(--ink); background: var(--bg); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -9999px; top: 0; background: #fff; padding: 8px; }
.skip:focus { left: 8px; z-index: 10; }
header.top { display: flex; gap: 16px; align-items: center; padding: 10px 24px; background: var(--brand); color: #fff; }
header.top .product { margin: 0; font-weight: 700; flex: 1; }
header.top a, header.top .link { color: #fff; }
.account { display: flex; gap: 12px; align-items: center; }
nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 4px; margin: 0; padding: 8px 24px; background: #fff; border-bottom: 1px solid var(--line); }
nav a { display: block; padding: 6px 12px; border-radius: 6px; color: var(--ink); text-decoration: none; }
nav a[aria-current="page"] { background: var(--brand); color: #fff; }
main { max-width: 1200px; margin: 0 auto; padding: 16px 24px 48px; }
h1 { font-size: 1.6rem; margin: 8px 0 12px; }
h2 { font-size: 1.2rem; margin: 24px 0 8px; }
table { width: 100%; border-collapse: collapse; background: #fff; margin: 8px 0 16px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
th { background: #ececf4; font-weight: 600; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font-size: 0.9em; }
.badge { display: inline-block; padding: 0 8px; border-radius: 10px; background: #e4e4ee; }
.badge.succeeded, .badge.active { background: #d9f0e1; color: var(--ok); }
.badge.failed, .badge.exhausted, .badge.revoked, .badge.expired { background: #f8dcdc; color: var(--bad); }
.notice { padding: 10px 14px; border-radius: 6px; background: #fff; border-left: 4px solid var(--ok); }
.notice.error { border-left-color: var(--bad); }
.secret { background: #fff8dc; border: 1px solid #e0c862; padding: 10px 14px; border-radius: 6px; }
.secret-value { font-family: monospace; font-size: 1rem; overflow-wrap: anywhere; margin-right: 8px; }
.stack { display: flex; flex-direction: column; gap: 6px; max-width: 520px; }
.stack.narrow { max-width: 380px; }
.stack button { align-self: flex-start; margin-top: 8px; }
input, select { font: inherit; padding: 6px 8px; border: 1px solid #8a8aa0; border-radius: 4px; background: #fff; color: var(--ink); }
input[type="color"] { padding: 2px; height: 36px; width: 72px; }
.help { color: var(--muted); font-size: 0.9em; margin: 0; }
button, .button { font: inherit; padding: 6px 14px; border-radius: 6px; border: 1px solid var(--brand); cursor: pointer; text-decoration: none; display: inline-block; }
.primary { background: var(--brand); color: #fff; }
.secondary { background: #fff; color: var(--brand); }
.danger { background: #fff; color: var(--bad); border-color: var(--bad); }
.link { background: none; border: none; padding: 0; text-decoration: underline; }
form.inline { display: inline; }
.actions form { margin-right: 4px; }
.filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end; background: #fff; padding: 12px; border: 1px solid var(--line); border-radius: 6px; }
.filters > div { display: flex; flex-direction: column; gap: 4px; }
.figures { display: flex; flex-wrap: wrap; gap: 16px; margin: 0 0 8px; }
.figures > div { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px 18px; min-width: 180px; }
.figures dt { color: var(--muted); }
.figures dd { margin: 0; font-size: 1.6rem; font-weight: 700; }
figure { margin: 0; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px; }
figcaption { color: var(--muted); font-size: 0.9em; }
.chart { width: 100%; height: auto; }
.chart .bar { fill: var(--brand); }
.chart .grid { stroke: var(--line); }
.chart .tick { font-size: 11px; fill: var(--muted); }
.timeline { list-style: none; padding: 0; border-left: 3px solid var(--line); margin-left: 6px; }
.timeline li { padding: 4px 0 8px 14px; position: relative; }
.timeline li::before { content: ""; position: absolute; left: -8px; top: 10px; width: 11px; height: 11px; border-radius: 50%; background: var(--ok); }
.timeline li.current::before { background: var(--brand); }
.timeline li.failed::before { background: var(--bad); }
.timeline time { color: var(--muted); margin-right: 6px; }
.columns { display: flex; flex-wrap: wrap; gap: 32px; align-items: flex-start; }
.cover-frame { width: 420px; height: 594px; overflow: hidden; border: 1px solid var(--line); background: #fff; }
.cover-frame iframe { width: 840px; height: 1188px; border: 0; transform: scale(0.5); transform-origin: 0 0; }
.preview-locale { display: flex; gap: 8px; align-items: center; margin-bottom: 8px; }
.url, .error-text { overflow-wrap: anywhere; }
.swatch { vertical-align: middle; }
details { margin: 8px 0; }
`;

export const CONSOLE_JS = `'use strict';
// Progressive enhancement only: every page works without this script.
document.addEventListener('DOMContentLoaded', function () {
  // Copy buttons of secrets shown once: shown only where the clipboard can be written.
  document.querySelectorAll('button[data-copy]').forEach(function (button) {
    var target = document.getElementById(button.getAttribute('data-copy'));
    if (!target || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener('click', function () {
      navigator.clipboard.writeText(target.textContent || '').then(function () {
        button.textContent = button.getAttribute('data-copied') || button.textContent;
      }, function () { /* the text stays selectable */ });
    });
  });
  // The cover preview's edition: reload the frame at once instead of the whole page.
  document.querySelectorAll('select[data-preview-frame]').forEach(function (select) {
    var frame = document.getElementById(select.getAttribute('data-preview-frame'));
    if (!frame) return;
    select.addEventListener('change', function () {
      var url = new URL(frame.getAttribute('src'), window.location.href);
      url.searchParams.set('locale', select.value);
      frame.setAttribute('src', url.pathname + url.search);
    });
  });
});
`;
