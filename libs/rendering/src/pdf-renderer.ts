import * as path from 'node:path';
import { Browser, BrowserContext, BrowserContextOptions, chromium, LaunchOptions, Page } from 'playwright-core';
import { PROJECT_ROOT } from '@astro/config';
import { documentMetadata, withPdfMetadata } from './pdf-metadata';
import { hasContentsSlots, pdfDestinationPages, withContentsPages } from './contents-pages';
import { isolationLayerDisabled } from './isolation';

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

const AT_WORKER_PRIORITY = path.join(PROJECT_ROOT, 'libs', 'rendering', 'bin', 'chromium-at-worker-priority');

/**
 * How the worker's Chromium starts: on Linux through a script that keeps it at the worker's lowered
 * priority (WORKER_NICE), so that the API's requests get the CPU first during a burst of reports.
 * Playwright starts the browser in a session of its own, which the kernel's autogroups would
 * schedule as an equal of the worker's and the API's; and Chromium run as root would raise some of
 * its threads' priorities (docs/operations.md, "Worker capacity").
 */
export function chromiumLaunchOptions(): LaunchOptions {
  if (process.platform !== 'linux') return { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true };
  return {
    executablePath: AT_WORKER_PRIORITY,
    args: CHROMIUM_FLAGS,
    headless: true,
    env: { ...process.env, ASTRO_CHROMIUM: CHROMIUM_PATH },
  };
}

/**
 * How every job's context is made: no script (reports are static HTML), no network of any kind
 * (`offline` fails every request and WebSocket at the network layer), no service worker, no download.
 */
function contextOptions(): BrowserContextOptions {
  return {
    javaScriptEnabled: isolationLayerDisabled('javascript'),
    offline: true,
    serviceWorkers: 'block',
    acceptDownloads: false,
  };
}

/**
 * Prints self-contained HTML documents to PDF with one long-lived headless Chromium per process
 * (launching one per PDF costs about a second). Each job gets a fresh browser context, closed after
 * it: no page, storage, timer or cache of one tenant's report outlives it into another's. At most
 * `maxJobs` render at once. The routes below make the offline context doubly sure: the page itself
 * comes from setContent (no request), so every request and WebSocket is aborted.
 */
export class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  /** the next job's context, opened ahead (never used by more than one job) */
  private spare: Promise<FreshPage> | null = null;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Only when a test switched the `context` layer off: one shared, online context with reused pages. */
  private shared: { context: Promise<BrowserContext>; idle: Page[]; options: BrowserContextOptions } | null = null;

  /** `maxJobs`: how many PDFs print at once (each in its own renderer process); more wait their turn. */
  constructor(readonly maxJobs = 3) {}

  /** What the renderer is doing now, for the worker's metrics: jobs printing and jobs waiting for a slot. */
  get load(): { printing: number; waiting: number } {
    return { printing: this.running, waiting: this.waiting.length };
  }

  private start(): Promise<Browser> {
    this.browser ??= (async () => {
      // launch() gives every browser a fresh temporary user-data directory.
      const browser = await chromium.launch(chromiumLaunchOptions());
      browser.on('disconnected', () => {
        this.browser = null;
        this.spare = null;
        this.shared = null;
      });
      return browser;
    })().catch((err) => {
      this.browser = null;
      throw err;
    });
    return this.browser;
  }

  private async isolatedPage(): Promise<FreshPage> {
    const options = contextOptions();
    const context = await (await this.start()).newContext(options);
    try {
      await context.route('**/*', (route) => route.abort());
      await context.routeWebSocket(/.*/, (socket) => socket.close());
      const page = await context.newPage();
      // Our own constant page, printed once, so the new renderer process has loaded its fonts
      // before a tenant's report arrives.
      await printed(page, WARM_UP_DOCUMENT);
      return { context, page, javaScriptEnabled: options.javaScriptEnabled! };
    } catch (err) {
      await context.close().catch(() => undefined);
      throw err;
    }
  }

  /**
   * A fresh context and page for one job. Opening them starts a renderer process, which costs about
   * as much as printing the report, so after each job the next job's pair is opened ahead; a pair
   * serves one job only.
   */
  private async freshPage(): Promise<FreshPage> {
    const spare = this.spare;
    this.spare = null;
    const ready = spare ? await spare.catch(() => null) : null;
    if (ready && !ready.page.isClosed() && ready.javaScriptEnabled === contextOptions().javaScriptEnabled) return ready;
    if (ready) await ready.context.close().catch(() => undefined);
    return this.isolatedPage();
  }

  private openSpare(): void {
    if (this.spare || !this.browser) return;
    const spare = this.isolatedPage();
    spare.catch(() => undefined);
    this.spare = spare;
  }

  private async slot(): Promise<void> {
    if (this.running < this.maxJobs) {
      this.running++;
      return;
    }
    // The finishing job hands its slot over, so `running` stays as it is.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /** Prints a self-contained HTML document to PDF (page size and margins from its CSS @page). */
  async render(html: string): Promise<Buffer> {
    await this.slot();
    try {
      if (isolationLayerDisabled('context')) return await this.renderInSharedContext(html);
      const { context, page } = await this.freshPage();
      try {
        return await printed(page, html);
      } finally {
        await context.close().catch(() => undefined);
        this.openSpare();
      }
    } finally {
      this.releaseSlot();
    }
  }

  /** The layer switched off (tests only): one online context for every job, its pages reused. */
  private async renderInSharedContext(html: string): Promise<Buffer> {
    const options = { ...contextOptions(), offline: false };
    if (this.shared && this.shared.options.javaScriptEnabled !== options.javaScriptEnabled) {
      // A test switched the javascript layer too: a context keeps the setting it was made with.
      const previous = this.shared;
      this.shared = null;
      await (await previous.context).close().catch(() => undefined);
    }
    this.shared ??= {
      idle: [],
      options,
      context: this.start().then(async (browser) => {
        const context = await browser.newContext(options);
        await context.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
        return context;
      }),
    };
    const shared = this.shared;
    const page = shared.idle.pop() ?? (await (await shared.context).newPage());
    try {
      return await printed(page, html);
    } finally {
      if (!page.isClosed()) shared.idle.push(page);
    }
  }

  async close(): Promise<void> {
    const started = this.browser;
    this.browser = null;
    this.spare = null;
    this.shared = null;
    if (started) await (await started).close().catch(() => undefined);
  }
}

const WARM_UP_DOCUMENT = `<!doctype html><html><head><meta charset="utf-8"><style>
  @page { size: A4; margin: 20mm; @top-left { content: "A"; font: 9pt "Noto Sans", sans-serif; } }
  body { font-family: "Noto Sans", "Noto Sans Thai", "DejaVu Sans", sans-serif; }
</style></head><body><p>Aa <b>Bb</b> ดวงดาว ๑๒๓</p><svg width="20" height="20"><text x="0" y="15" font-family="DejaVu Sans">♈︎</text></svg></body></html>`;

interface FreshPage {
  context: BrowserContext;
  page: Page;
  javaScriptEnabled: boolean;
}

async function printedOnce(page: Page, html: string): Promise<Buffer> {
  await page.setContent(html, { waitUntil: 'load' });
  return page.pdf({ preferCSSPageSize: true, printBackground: true });
}

/**
 * The PDF of a document; one with a contents page is printed a second time with its page numbers.
 * A branded document's PDF names the brand and the product in its metadata (pdf-metadata.ts).
 */
async function printed(page: Page, html: string): Promise<Buffer> {
  const first = await printedOnce(page, html);
  const pdf = hasContentsSlots(html) ? await printedOnce(page, withContentsPages(html, pdfDestinationPages(first))) : first;
  const metadata = documentMetadata(html);
  return metadata ? withPdfMetadata(pdf, metadata) : pdf;
}
