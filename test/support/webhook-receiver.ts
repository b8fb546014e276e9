import * as http from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A real HTTP receiver on 127.0.0.1. Each path answers from its script (statuses, or a redirect
 * target), one entry per request, then 200 for ever after.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly scripts = new Map<string, (number | { redirect: string })[]>();
  private server!: http.Server;
  url = '';

  /** Listens on `port` (a free one by default); started again on the same port, its URL stays the same. */
  async start(port = 0): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const next = this.scripts.get(path)?.shift() ?? 200;
        if (typeof next === 'object') {
          res.writeHead(307, { Location: next.redirect }).end();
          return;
        }
        res.writeHead(next, { 'Content-Type': 'text/plain' }).end(next >= 300 ? `status ${next} on purpose` : 'ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  script(path: string, answers: (number | { redirect: string })[]): string {
    this.scripts.set(path, [...answers]);
    return this.url + path;
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
