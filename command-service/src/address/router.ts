// The address book's commands (API.md "Auth and account"): POST /api/addresses, PUT
// /api/addresses/:id, DELETE /api/addresses/:id, PUT /api/addresses/:id/default. Each user's
// addresses are one stream, so an id of someone else's address is simply not found there (404).
import Router from '@koa/router';
import type { Context } from 'koa';
import { addressBodySchema, type AddressDto } from '@printshop/shared-events/api/account';
import { requireUser } from '@printshop/shared-events/auth';
import { NotFound } from '@printshop/shared-events/errors';
import type { EventStore } from '@printshop/shared-events/event-store';
import { addressStreamName, type AddressFields } from '@printshop/shared-events/events/address';
import type { Address } from '@printshop/shared-events/rules/addresses';
import { answerWithPosition, metadataOf } from '../caller';
import { handleCommand } from '../handle-command';
import { findAddress, type AddressBook } from './address-book';
import { ADDRESS_NOT_FOUND, addressDecider, type AddressCommand } from './decide';

export interface AddressRouterDeps {
  store: EventStore;
  now(): Date;
  newId(): string;
}

/** The parsed body as event fields: blank optional lines are left out, not stored as ''. */
export const toAddressFields = (address: Address): AddressFields => ({
  fullName: address.fullName,
  phone: address.phone,
  line1: address.line1,
  line2: address.line2 || undefined,
  city: address.city,
  state: address.state || undefined,
  postalCode: address.postalCode || undefined,
  country: address.country,
});

function toDto(book: AddressBook, id: string): AddressDto {
  const saved = findAddress(book, id);
  if (!saved) throw new NotFound(ADDRESS_NOT_FOUND);
  const { id: addressId, isDefault, ...fields } = saved;
  const dto: AddressDto = { id: addressId, ...fields, isDefault };
  // Absent optional fields are left out of the JSON rather than sent as undefined/null.
  for (const key of ['line2', 'state', 'postalCode'] as const) if (dto[key] === undefined) delete dto[key];
  return dto;
}

export function addressRouter(deps: AddressRouterDeps): Router {
  const router = new Router();

  async function run(ctx: Context, addressId: string, command: (at: string) => AddressCommand) {
    const auth = requireUser(ctx.state);
    const at = deps.now().toISOString();
    const metadata = metadataOf(ctx, at);
    const result = await handleCommand(
      deps.store,
      addressStreamName(auth.userId),
      addressDecider,
      command(at),
      { metadata },
    );
    return { result, address: () => toDto(result.newState, addressId) };
  }

  router.post('/api/addresses', async (ctx) => {
    requireUser(ctx.state);
    const body = addressBodySchema.parse(ctx.request.body ?? {});
    const addressId = deps.newId();
    const { result, address } = await run(ctx, addressId, (at) => ({
      type: 'AddAddress',
      data: { addressId, address: toAddressFields(body), makeDefault: body.isDefault, at },
    }));
    answerWithPosition(ctx, 201, { address: address() }, result.position);
  });

  router.put('/api/addresses/:id', async (ctx) => {
    requireUser(ctx.state);
    const body = addressBodySchema.parse(ctx.request.body ?? {});
    const addressId = ctx.params.id!;
    const { result, address } = await run(ctx, addressId, (at) => ({
      type: 'UpdateAddress',
      data: { addressId, address: toAddressFields(body), makeDefault: body.isDefault, at },
    }));
    answerWithPosition(ctx, 200, { address: address() }, result.position);
  });

  router.delete('/api/addresses/:id', async (ctx) => {
    const addressId = ctx.params.id!;
    const { result } = await run(ctx, addressId, (at) => ({
      type: 'RemoveAddress',
      data: { addressId, at },
    }));
    answerWithPosition(ctx, 200, {}, result.position);
  });

  router.put('/api/addresses/:id/default', async (ctx) => {
    const addressId = ctx.params.id!;
    const { result } = await run(ctx, addressId, (at) => ({
      type: 'SetDefaultAddress',
      data: { addressId, at },
    }));
    answerWithPosition(ctx, 200, {}, result.position);
  });

  return router;
}
