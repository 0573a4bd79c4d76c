// The admin's promotion commands (API.md "Promotion codes"): POST /api/admin/promotions creates a
// code, PATCH /api/admin/promotions/:code changes its limits or end date, or ends it now. Admin is
// checked on every call. The answer is the promotion as the log has it now (no projection lag); the
// lists are on the query side (query-service/src/admin/promotions-routes.ts).
import Router from '@koa/router';
import type { Context } from 'koa';
import {
  changePromotionBodySchema,
  createPromotionBodySchema,
  promotionDto,
} from '@printshop/shared-events/api/promotions';
import { requireAdmin } from '@printshop/shared-events/auth';
import { NotFound, ValidationError } from '@printshop/shared-events/errors';
import type { EventStore } from '@printshop/shared-events/event-store';
import type { PromotionTerms } from '@printshop/shared-events/events/promotion';
import { toMinor } from '@printshop/shared-events/rules/money';
import {
  isPromotionCode,
  normalizePromotionCode,
  PROMOTION_MESSAGES,
} from '@printshop/shared-events/rules/promotions';
import { answerWithPosition } from '../caller';
import type { PromotionCommand } from './decide';
import { liveHolds, type PromotionState } from './promotion';
import { loadPromotion, runPromotionCommand } from './run';

export interface PromotionAdminRouterDeps {
  store: EventStore;
  now(): Date;
}

/** The code of a body or path, upper-case; a malformed one is a 400 (body) or a 404 (path). */
function codeOf(raw: string, inPath: boolean): string {
  const code = normalizePromotionCode(raw);
  if (isPromotionCode(code)) return code;
  if (inPath) throw new NotFound(PROMOTION_MESSAGES.notFound);
  throw new ValidationError(PROMOTION_MESSAGES.format, { code: PROMOTION_MESSAGES.format });
}

export function promotionAdminRouter(deps: PromotionAdminRouterDeps): Router {
  const router = new Router();

  const context = (ctx: Context) => {
    const auth = requireAdmin(ctx.state);
    const at = deps.now().toISOString();
    const by = `admin:${auth.userId}`;
    return { at, by, metadata: { actor: by, correlationId: ctx.state.requestId as string | undefined, at } };
  };

  const answer = (ctx: Context, status: number, state: PromotionState, position?: number) => {
    const now = deps.now();
    const promotion = promotionDto(
      { code: state.code!, terms: state.terms!, endedAt: state.endedAt, createdAt: state.createdAt! },
      { uses: state.spent.size, reserved: liveHolds(state, now.toISOString()).length },
      now,
    );
    answerWithPosition(ctx, status, { promotion }, position);
  };

  router.post('/api/admin/promotions', async (ctx) => {
    const { at, by, metadata } = context(ctx);
    const body = createPromotionBodySchema.parse(ctx.request.body ?? {});
    const code = codeOf(body.code, false);
    const terms: PromotionTerms = {
      ...(body.percentBps !== undefined && { percentBps: body.percentBps }),
      ...(body.amountsOff && {
        amountsOff: Object.fromEntries(
          Object.entries(body.amountsOff).map(([currency, major]) => [currency, toMinor(major!, currency)]),
        ),
      }),
      ...(body.minSubtotalUsd !== undefined && { minSubtotalUsdCents: toMinor(body.minSubtotalUsd, 'USD') }),
      startsAt: body.startsAt ?? at,
      ...(body.endsAt !== undefined && { endsAt: body.endsAt }),
      ...(body.maxUses !== undefined && { maxUses: body.maxUses }),
      ...(body.maxUsesPerCustomer !== undefined && { maxUsesPerCustomer: body.maxUsesPerCustomer }),
      ...(body.families && { families: body.families }),
    };
    const result = await runPromotionCommand(
      deps.store,
      code,
      { type: 'CreatePromotion', data: { code, terms, at, by } },
      metadata,
      { expectedRevision: 'no_stream' },
    );
    answer(ctx, 201, result.newState, result.position);
  });

  router.patch('/api/admin/promotions/:code', async (ctx) => {
    const { at, by, metadata } = context(ctx);
    const code = codeOf(ctx.params.code!, true);
    const { end, ...change } = changePromotionBodySchema.parse(ctx.request.body ?? {});
    const commands: PromotionCommand[] = [{ type: 'ChangePromotion', data: { ...change, at, by } }];
    if (end) commands.push({ type: 'EndPromotion', data: { at, by } });
    let state = await loadPromotion(deps.store, code);
    let position: number | undefined;
    for (const command of commands) {
      const result = await runPromotionCommand(deps.store, code, command, metadata);
      state = result.newState;
      position = result.position ?? position;
    }
    answer(ctx, 200, state, position);
  });

  return router;
}
