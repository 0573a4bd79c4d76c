// The first admin from ADMIN_EMAIL / ADMIN_PASSWORD: created (or promoted) at start-up, idempotent.
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@printshop/shared-events/event-store';
import type { Logger } from '@printshop/shared-events/logger';
import { ensureAdmin } from '@printshop/command-service/user/ensure-admin';
import type { Config } from '../config';

export async function ensureConfiguredAdmin(
  config: Config,
  store: EventStore,
  logger: Logger,
): Promise<void> {
  if (!config.adminEmail || !config.adminPassword) return;
  const { outcome } = await ensureAdmin(
    { store, now: () => new Date(), newId: randomUUID },
    { email: config.adminEmail, password: config.adminPassword },
  );
  logger.info({ email: config.adminEmail, outcome }, 'admin account from ADMIN_EMAIL');
}
