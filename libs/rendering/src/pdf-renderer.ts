import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

/** Debian's Chromium; no browser is ever downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// Without the background-networking flags Chromium keeps dialling out on this closed network.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * One long-lived headless Chromium per process with a small pool of reused pages: launching a
 * browser per PDF costs about a second, reusing a page a few milliseconds. Pages may not fetch
 * anything (images come inline as data: URLs), so a template can never be used to reach the network.
 */
export class PdfRenderer {
  private browser: Promise<{ browser: Browser; context: BrowserContext }> | null = null;
  private readonly idle: Page[] = [];
  private pagesOpen = 0;
  private readonly waiting: ((page: Page) => void)[] = [];

  constructor(private readonly maxPages = 3) {}

  private start(): Promise<{ browser: Browser; context: BrowserContext }> {
    this.browser ??= (async () => {
      // launch() gives every browser a fresh temporary user-data directory.
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
      browser.on('disconnected', () => {
        this.browser = null;
        this.idle.length = 0;
        this.pagesOpen = 0;
      });
      const context = await browser.newContext();
      await context.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
      return { browser, context };
    })().catch((err) => {
      this.browser = null;
      throw err;
    });
    return this.browser;
  }

  private async acquire(): Promise<Page> {
    const page = this.idle.pop();
    if (page && !page.isClosed()) return page;
    if (this.pagesOpen < this.maxPages) {
      this.pagesOpen++;
      try {
        return await (await this.start()).context.newPage();
      } catch (err) {
        this.pagesOpen--;
        throw err;
      }
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(page: Page): void {
    const next = this.waiting.shift();
    if (next) next(page);
    else this.idle.push(page);
  }

  /** Prints a self-contained HTML document to PDF (page size and margins from its CSS @page). */
  async render(html: string): Promise<Buffer> {
    const page = await this.acquire();
    try {
      await page.setContent(html, { waitUntil: 'load' });
      return await page.pdf({ preferCSSPageSize: true, printBackground: true });
    } finally {
      this.release(page);
    }
  }

  async close(): Promise<void> {
    const started = this.browser;
    this.browser = null;
    if (started) await (await started).browser.close().catch(() => undefined);
  }
}
