// The contract between the promotions projection and the admin's promotion calls: the tables of
// schema `rm_promotions`. `promotions` holds each code's terms (the event's, as JSON) and its spent
// uses; `promotion_uses` one row per checkout that held the code, with what became of the hold.
import type { PromotionTerms } from './events/promotion';
import type { ReadModel } from './read-models';

export const PROMOTIONS_PROJECTION = 'promotions';
export const PROMOTIONS_TABLE = 'promotions';
export const PROMOTION_USES_TABLE = 'promotion_uses';

export const PROMOTIONS_READ_MODEL: ReadModel = {
  name: PROMOTIONS_PROJECTION,
  tables: [
    {
      name: PROMOTIONS_TABLE,
      primaryKey: ['code'],
      columns: `
         code text primary key,
         terms jsonb not null,
         created_at timestamptz not null,
         ended_at timestamptz,
         uses integer not null default 0
       `,
    },
    {
      name: PROMOTION_USES_TABLE,
      primaryKey: ['code', 'checkout_id'],
      columns: `
         code text not null,
         checkout_id text not null,
         customer text not null,
         status text not null,
         expires_at timestamptz,
         order_number text,
         discount bigint,
         currency text,
         beyond_limit boolean not null default false,
         at timestamptz not null,
         primary key (code, checkout_id)
       `,
    },
  ],
};

export interface PromotionRow {
  code: string;
  terms: PromotionTerms;
  created_at: Date;
  ended_at: Date | null;
  uses: number;
}

/** A row as read (bigint columns arrive from Postgres as strings). */
export interface PromotionUseRow {
  code: string;
  checkout_id: string;
  customer: string;
  status: 'reserved' | 'released' | 'spent';
  expires_at: Date | null;
  order_number: string | null;
  discount: string | null;
  currency: string | null;
  beyond_limit: boolean;
  at: Date;
}
