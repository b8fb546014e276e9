import { Inject, Injectable } from '@nestjs/common';
import { Client } from '@temporalio/client';
import { PlatformConfig } from '@astro/config';
import { CONFIG, TEMPORAL, TemporalHandle } from '../platform/platform';
import { checkSubscriptionUrl } from './views';

const TEMPORAL_DEADLINE_MS = 5_000;

/**
 * What the delivery services take from the platform: the delivery task queue on Temporal, each
 * call bounded by one deadline, and this deployment's rules for a subscription URL.
 */
@Injectable()
export class DeliveryPlatform {
  constructor(
    @Inject(CONFIG) private readonly config: PlatformConfig,
    @Inject(TEMPORAL) private readonly temporal: TemporalHandle,
  ) {}

  /** Runs one Temporal call within the deadline, given the client and the delivery task queue. */
  call<T>(work: (client: Client, taskQueue: string) => Promise<T>): Promise<T> {
    const { connection, client } = this.temporal;
    return connection.withDeadline(Date.now() + TEMPORAL_DEADLINE_MS, () => work(client, this.config.temporal.deliveryTaskQueue));
  }

  /** Refuses a URL this deployment does not deliver to. */
  checkUrl(url: string): void {
    checkSubscriptionUrl(url, this.config);
  }
}
