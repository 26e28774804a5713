import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { browserUnavailableReason } from './browser';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();

describe.skipIf(Boolean(skipReason))(`accounts journey in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
  });

  afterAll(async () => {
    await journey?.close();
  });

  async function latestCode(email: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const mails = (await journey.circuit.mailbox!.list({ to: email })) as { text: string }[];
      const code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no code mailed to ${email}`);
  }

  it('signs up, verifies the e-mailed code, signs in, sees the signed-in header and signs out', { timeout: 120_000 }, async () => {
    const { base, browser } = journey;
    const page = await browser.newPage();
    const email = 'journey.user@example.com';

    await page.goto(`${base}/signup`);
    await page.getByLabel('Username').fill('journey_user');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByLabel('First name').fill('Journey');
    await page.getByLabel('Last name').fill('User');
    await page.getByLabel(/I agree to the Terms/).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect.poll(() => page.getByText('Verify your email').first().isVisible()).toBe(true);
    const code = await latestCode(email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();

    await page.waitForURL(/\/login/);
    await page.getByLabel('Email or username').fill('journey_user');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.waitForURL(/\/dashboard/);
    const profileMenu = page.getByRole('button', { name: 'Open profile menu' });
    await profileMenu.waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);

    await profileMenu.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(401);
  });

  it('sign-up checks with the server\'s rules: every message under its field at once, focus on the first, no toast; each goes once its field is valid', { timeout: 120_000 }, async () => {
    const { base, browser } = journey;
    const page = await browser.newPage();
    await page.goto(`${base}/signup`);
    await page.getByRole('button', { name: 'Create account' }).click();
    const first = page.getByLabel('First name');
    await expect.poll(() => first.getAttribute('aria-invalid')).toBe('true');
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    const messages = ['First name is required', 'Last name is required', 'Username is required', 'Email is required', 'Password is required', 'Please confirm your password', 'You must agree to the Terms and Privacy Policy'];
    for (const text of messages) expect(await page.getByText(text, { exact: true }).count()).toBe(1);
    // Each message is the field's description, so a screen reader reads it with the field.
    const describedBy = await first.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('First name is required');
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);

    // The server's username rule (30 at most), not only the length the old form knew.
    await page.getByLabel('Username').fill('a'.repeat(31));
    await page.getByText('Username cannot exceed 30 characters').waitFor();
    await page.getByLabel('Username').fill('ada_l');
    await first.fill('Ada');
    await expect.poll(() => page.getByText('Username cannot exceed 30 characters').count()).toBe(0);
    expect(await page.getByText('First name is required').count()).toBe(0);
    expect(await first.getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret12');
    await page.getByText('Passwords do not match').waitFor();
    await page.close();
  });

  it('sign-in: an empty submit names both fields and focuses the first; the code form asks only for the address until a code is sent', { timeout: 120_000 }, async () => {
    const { base, browser } = journey;
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Email or username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(await page.getByLabel('Email or username').evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'OTP' }).click();
    await page.getByLabel('Email').fill('ada@');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(await page.getByLabel('One-time code').count()).toBe(0);
    await page.close();
  });

  /** The bio editor of /profile, opened with Edit, once its code has loaded (the stand-in is read-only). */
  async function openBioEditor(page: Page) {
    await page.goto(`${journey.base}/profile`);
    await page.getByRole('region', { name: 'Profile Information' }).getByRole('button', { name: 'Edit' }).click();
    const bio = page.getByRole('textbox', { name: 'Bio' });
    await page.locator('[contenteditable="true"][aria-labelledby]').waitFor();
    return bio;
  }

  /**
   * Types into the bio and waits until Tiptap's document holds the text. ProseMirror reads typed characters from the
   * page a moment after the browser inserts them; a shortcut or toolbar click within that moment (a busy machine)
   * would format the characters typed just before it.
   */
  async function typeInBio(page: Page, text: string) {
    const bio = page.locator('[contenteditable="true"][aria-labelledby]');
    const documentText = () =>
      bio.evaluate((el) => ((el as HTMLElement & { editor?: { state: { doc: { textContent: string } } } }).editor?.state.doc.textContent ?? '').replace(/\u00a0/g, ' '));
    await page.keyboard.type(text);
    await expect.poll(async () => (await documentText()).endsWith(text)).toBe(true);
  }

  /** The profile's required fields, so that Save goes through. */
  async function fillRequired(page: Page) {
    await page.getByLabel('Country').selectOption('Other');
    await page.getByLabel('Address').fill('12 Lake Road');
  }

  /** The bio the Save button sends, and the one the server stored after its sanitiser (its answer). */
  async function saveBio(page: Page): Promise<{ sent: string; stored: string }> {
    const response = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/users/profile'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const answer = await response;
    const sent = (answer.request().postDataJSON() as { bio: string }).bio;
    const stored = ((await answer.json()) as { data: { bio: string } }).data.bio;
    await page.getByText('Profile updated successfully!').waitFor();
    return { sent, stored };
  }

  it('the bio editor is Tiptap, not execCommand: keyboard and toolbar formatting, a list, a link and a size reach the page as written', { timeout: 120_000 }, async () => {
    const { page } = await journey.signedIn('bio_writer', 'Bea');
    // The old editor formatted through document.execCommand; the new one must never call it.
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { execCommandCalls: string[] }).execCommandCalls = calls;
      const original = document.execCommand.bind(document);
      document.execCommand = (command: string, ...rest: [boolean?, string?]) => {
        calls.push(command);
        return original(command, ...rest);
      };
    });
    page.on('dialog', (dialog) => void dialog.accept('example.org'));
    const bio = await openBioEditor(page);
    const toolbar = page.getByRole('toolbar', { name: 'Bio formatting' });
    const bold = toolbar.getByRole('button', { name: 'Bold' });
    const bulleted = toolbar.getByRole('button', { name: 'Bulleted list' });
    const focused = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

    // Tab goes from the tagline through the toolbar's controls into the editor, and on out of it.
    await page.getByLabel('Tagline').focus();
    await page.keyboard.press('Tab');
    expect(await focused(bold)).toBe(true);
    for (const name of ['Italic', 'Underline', 'Bulleted list', 'Numbered list', 'Insert link']) {
      await page.keyboard.press('Tab');
      expect(await focused(toolbar.getByRole('button', { name }))).toBe(true);
    }
    await page.keyboard.press('Tab');
    expect(await focused(toolbar.getByLabel('Font size (1 to 7)'))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(bio)).toBe(true);
    expect(await bio.getAttribute('aria-multiline')).toBe('true');

    await typeInBio(page, 'Hello ');
    await page.keyboard.press('Control+B');
    await typeInBio(page, 'bold');
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Control+B');
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('false');
    await typeInBio(page, ' and ');
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await typeInBio(page, 'clicked');
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('false');
    await typeInBio(page, ' see ');
    await toolbar.getByRole('button', { name: 'Insert link' }).click();
    await page.keyboard.press('Enter');
    await bulleted.click();
    await expect.poll(() => bulleted.getAttribute('aria-pressed')).toBe('true');
    await typeInBio(page, 'one');
    await page.keyboard.press('Enter');
    await typeInBio(page, 'two');
    // Inside a list Tab still leaves the editor (no keyboard trap), and Shift+Tab comes back to the caret.
    await page.keyboard.press('Tab');
    expect(await focused(bio)).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(bio)).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => bulleted.getAttribute('aria-pressed')).toBe('false');
    await typeInBio(page, 'big');
    // ProseMirror applies typed text and then sets the browser's selection to match; Shift+Arrow pressed within
    // those milliseconds (faster than anyone types, longer on a busy machine) would be overwritten: select
    // the word again until the browser's selection holds it.
    const selected = () => page.evaluate(() => window.getSelection()?.toString() ?? '');
    for (let attempt = 0; attempt < 5 && (await selected()) !== 'big'; attempt++) {
      await page.keyboard.press('End');
      await page.waitForTimeout(200 * (attempt + 1));
      for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowLeft');
      await page.waitForTimeout(100);
    }
    expect(await selected()).toBe('big');
    await toolbar.getByLabel('Font size (1 to 7)').selectOption('5');

    expect(await seriousViolations(page)).toEqual([]);
    await fillRequired(page);
    const written =
      '<p>Hello <strong>bold</strong> and <strong>clicked</strong> see <a href="https://example.org">example.org</a></p>' +
      '<ul><li><p>one</p></li><li><p>two</p></li></ul><p><font size="5">big</font></p>';
    const { sent, stored } = await saveBio(page);
    expect(sent).toBe(written);
    // The server's sanitiser keeps every tag and attribute the editor writes.
    expect(stored).toBe(written);
    const shown = page.getByRole('region', { name: 'Profile Information' }).locator('.rich-text');
    expect(await shown.innerHTML()).toBe(written);
    expect(await page.evaluate(() => (window as unknown as { execCommandCalls: string[] }).execCommandCalls)).toEqual([]);
  });

  it('a bio written by the old execCommand editor opens with its formatting and is saved in the same sanitised tags', { timeout: 120_000 }, async () => {
    const { page } = await journey.signedIn('old_bio', 'Olu');
    const old = 'Old <b>bold</b> <i>it</i> <u>under</u> <font size="5">big</font><div><a href="https://example.com">link</a></div><ul><li>x</li></ul>';
    const put = await page.request.put(`${journey.base}/api/users/profile`, { data: { firstName: 'Olu', lastName: 'Tester', country: 'Other', address: '12 Lake Road', bio: old } });
    expect(put.status()).toBe(200);
    const bio = await openBioEditor(page);
    await bio.locator('strong', { hasText: 'bold' }).waitFor();
    expect(await bio.locator('em').textContent()).toBe('it');
    expect(await bio.locator('u').textContent()).toBe('under');
    expect(await bio.locator('font[size="5"]').textContent()).toBe('big');
    expect(await bio.locator('a[href="https://example.com"]').textContent()).toBe('link');
    expect(await bio.locator('li').textContent()).toBe('x');
    await bio.locator('strong').click();
    await expect.poll(() => page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    // Selected text becomes a link to the address typed in the prompt.
    page.on('dialog', (dialog) => void dialog.accept('https://old.example'));
    // As above, after a click too.
    await page.waitForTimeout(200);
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.getByRole('button', { name: 'Insert link' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('y');
    const { stored } = await saveBio(page);
    expect(stored).toBe('<p><a href="https://old.example">Old</a> <strong>bold</strong> <em>it</em> <u>under</u> <font size="5">big</font></p><p><a href="https://example.com">link</a></p><ul><li><p>xy</p></li></ul>');
  });
});
