// What the service routers and consumers are built from: the composition root fills it once.
import type { Knex } from 'knex';
import type { Bus } from '@printshop/shared-events/bus';
import type { EventStore } from '@printshop/shared-events/event-store';
import type { ImageStore } from '@printshop/shared-events/image-store';
import type { Logger } from '@printshop/shared-events/logger';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';

export interface AppContext {
  config: Config;
  logger: Logger;
  db: Knex;
  store: EventStore;
  /** Uploaded photos and their copies (IMAGE_DIR). */
  images: ImageStore;
  bus: Bus;
  tokens: TokenService;
  /** Waits until the named projections passed a position (read-your-writes, 3 s at most). */
  waitFor(projections: readonly string[], position: number): Promise<boolean>;
  /** The clock and id source handed to deciders (tests may replace them). */
  now(): Date;
  newId(): string;
}
