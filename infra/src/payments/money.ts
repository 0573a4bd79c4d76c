// What moves or guards money for one running shop, made once per app context: refunds through the
// configured providers (or their test-mode stand-ins) and the lock that runs one refund of an order,
// or one placement for a cart, at a time.
import type { Knex } from 'knex';
import type { Logger } from '@printshop/shared-events/logger';
import type { OrderMoney } from '@printshop/command-service/order/refund-order';
import { refundThroughProviders } from '@printshop/command-service/payment/refund-payment';
import type { Config } from '../config';
import { postgresLock } from '../postgres/advisory-lock';
import { paymentProvidersOf } from './payment-providers';

const made = new WeakMap<object, OrderMoney>();

export function moneyOf(app: { config: Config; logger: Logger; db: Knex }): OrderMoney {
  let money = made.get(app);
  if (!money) {
    money = { refund: refundThroughProviders(paymentProvidersOf(app)), lock: postgresLock(app.db) };
    made.set(app, money);
  }
  return money;
}
