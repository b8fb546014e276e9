import { html } from '../html';
import { Frame, Notice, page } from '../layout';

export function signInPage(frame: Frame, form: { email?: string; notice?: Notice } = {}): string {
  const t = frame.text.sign_in;
  return page(
    frame,
    t.title,
    null,
    html`<p>${t.intro}</p>
      <form method="post" action="/console/sign-in" class="stack narrow">
        <label for="email">${t.email}</label>
        <input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${form.email ?? ''}" />
        <label for="password">${t.password}</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024" />
        <button type="submit" class="primary">${t.submit}</button>
      </form>`,
    form.notice,
  );
}
