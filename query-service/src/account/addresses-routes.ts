// GET /api/addresses (default first, then in the order added) and GET /api/addresses/:id, from the
// addresses read model. Only the owner's rows are read: anyone else's id is a 404.
import Router from '@koa/router';
import type { Knex } from 'knex';
import type { AddressDto } from '@printshop/shared-events/api/account';
import { requireUser } from '@printshop/shared-events/auth';
import { NotFound } from '@printshop/shared-events/errors';
import { ADDRESSES_TABLE, type AddressRow } from '@printshop/shared-events/addresses-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';

/** The projection (and schema `rm_addresses`) this router reads. */
export const ADDRESSES_READ_MODEL = 'addresses';

function toDto(row: AddressRow): AddressDto {
  const dto: AddressDto = {
    id: row.id,
    fullName: row.full_name,
    phone: row.phone,
    line1: row.line1,
    city: row.city,
    country: row.country,
    isDefault: row.is_default,
  };
  if (row.line2 !== null) dto.line2 = row.line2;
  if (row.state !== null) dto.state = row.state;
  if (row.postal_code !== null) dto.postalCode = row.postal_code;
  return dto;
}

export function addressesQueryRouter(deps: { db: Knex; waitFor: WaitForPosition }): Router {
  const router = new Router();
  const rows = () =>
    deps.db.withSchema(readModelSchema(ADDRESSES_READ_MODEL)).table<AddressRow>(ADDRESSES_TABLE);
  const fresh = readYourWrites(deps.waitFor, [ADDRESSES_READ_MODEL]);

  router.get('/api/addresses', fresh, async (ctx) => {
    const { userId } = requireUser(ctx.state);
    const found = await rows()
      .where({ user_id: userId })
      .orderBy([{ column: 'is_default', order: 'desc' }, { column: 'added_position' }]);
    ctx.body = { success: true, addresses: found.map(toDto) };
  });

  router.get('/api/addresses/:id', fresh, async (ctx) => {
    const { userId } = requireUser(ctx.state);
    const row = await rows().where({ id: ctx.params.id!, user_id: userId }).first();
    if (!row) throw new NotFound('Address not found');
    ctx.body = { success: true, address: toDto(row) };
  });

  return router;
}
