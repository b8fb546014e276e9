import { consolePath, html, SafeHtml } from './html';
import { ConsoleLocale, ConsoleText, consoleText, otherLocale } from './text';
import { fill } from '@astro/text';

export const CONSOLE_SECTIONS = ['overview', 'keys', 'brands', 'jobs', 'webhooks', 'economics'] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

/** What every page of the console shares: its language, who is signed in, and the page's place. */
export interface Frame {
  locale: ConsoleLocale;
  text: ConsoleText;
  /** the current page's path and query, for the language switch to come back to */
  here: string;
  /** the signed-in session's form token; absent on the sign-in page */
  csrf?: string;
  accountName?: string;
}

export interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

export function frameFor(locale: ConsoleLocale, here: string, session?: { csrf: string; accountName?: string }): Frame {
  return { locale, text: consoleText(locale), here, csrf: session?.csrf, accountName: session?.accountName };
}

/** The hidden form token of every state-changing form (checked with the session by the console). */
export function csrfField(frame: Frame): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${frame.csrf ?? ''}" />`;
}

/**
 * A one-button form that POSTs to a console action. The button shows its verb; what it acts on
 * (a key's label, a webhook's URL) follows for screen readers only, so each button of a table
 * has a name of its own that begins with the words it shows.
 */
export function actionButton(frame: Frame, action: string, label: string, subject: string, style = 'secondary'): SafeHtml {
  return html`<form method="post" action="${action}" class="inline">
    ${csrfField(frame)}<button type="submit" class="${style}">${label}<span class="visually-hidden">: ${subject}</span></button>
  </form>`;
}

export function noticeBlock(notice: Notice | undefined): SafeHtml | null {
  if (!notice) return null;
  return html`<p class="notice ${notice.kind}" role="${notice.kind === 'error' ? 'alert' : 'status'}">${notice.text}</p>`;
}

/**
 * The whole HTML page: no inline script or style (the policy forbids both), the stylesheet and the
 * one script from /console/assets, navigation landmarks, a skip link, and the language switch.
 */
export function page(frame: Frame, title: string, section: ConsoleSection | null, body: SafeHtml, notice?: Notice): string {
  const t = frame.text;
  const other = otherLocale(frame.locale);
  const otherText = consoleText(other);
  const nav = frame.csrf
    ? html`<nav aria-label="${t.app.nav_label}">
        <ul>
          ${CONSOLE_SECTIONS.map(
            (s) =>
              html`<li><a href="${consolePath(`/${s}`)}" ${s === section ? html` aria-current="page"` : null}>${t.app.nav[s]}</a></li>`,
          )}
        </ul>
      </nav>`
    : null;
  const account = frame.csrf
    ? html`<div class="account">
        ${frame.accountName ? html`<span>${fillAccount(t, frame.accountName)}</span>` : null}
        <form method="post" action="/console/sign-out" class="inline">
          ${csrfField(frame)}<button type="submit" class="link">${t.app.sign_out}</button>
        </form>
      </div>`
    : null;
  return `<!doctype html>${
    html`<html lang="${frame.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · ${t.app.name}</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="/console/assets/console.css" />
        <script src="/console/assets/console.js" defer></script>
      </head>
      <body>
        <a class="skip" href="#main">${t.app.skip}</a>
        <header class="top">
          <p class="product">${t.app.name}</p>
          ${account}
          <a
            class="language"
            lang="${other}"
            hreflang="${other}"
            href="${consolePath('/language', { to: other, next: frame.here })}"
            title="${otherText.app.switch_to_language}"
            >${otherText.app.language_name}</a
          >
        </header>
        ${nav}
        <main id="main">
          <h1>${title}</h1>
          ${noticeBlock(notice)} ${body}
        </main>
      </body>
    </html>`.value
  }`;
}

function fillAccount(t: ConsoleText, name: string): string {
  return fill(t.app.account, { name });
}

/** A page that only says what went wrong (the API refused, a form expired), with the navigation to go on. */
export function errorPage(frame: Frame, notice: Notice): string {
  return page(frame, frame.text.app.error_title, null, html``, notice);
}
