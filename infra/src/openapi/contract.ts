// Every route of the gateway with its schemas: the source of GET /api/openapi.json. The
// completeness test fails when the route table has a route this contract lacks.
import { accountContract } from './contract-account';
import { adminContract, gatewayContract } from './contract-admin';
import { catalogAdminContract } from './contract-catalog';
import { shopContract } from './contract-shop';
import type { Contract } from './operation';
import { promotionsContract } from './contract-promotions';

export const CONTRACT: Contract = {
  ...shopContract,
  ...accountContract,
  ...adminContract,
  ...promotionsContract,
  ...catalogAdminContract,
  ...gatewayContract,
};
