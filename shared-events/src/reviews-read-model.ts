// The contract between the reviews projection (projections/src/reviews/) and the review queries
// (query-service/src/reviews/): the table of schema `rm_reviews`, one row per review.
import type { ReadModel } from './read-models';

export const REVIEWS_PROJECTION = 'reviews';
export const REVIEWS_TABLE = 'reviews';

export const REVIEWS_READ_MODEL: ReadModel = {
  name: REVIEWS_PROJECTION,
  tables: [
    {
      name: REVIEWS_TABLE,
      primaryKey: ['review_id'],
      columns: `
         review_id text primary key,
         user_id text not null,
         author_name text not null,
         rating smallint not null,
         content text not null,
         product_sku text,
         order_number text,
         verified_purchase boolean not null,
         status text not null,
         deleted boolean not null,
         created_at timestamptz not null,
         updated_at timestamptz not null,
         last_position bigint not null
       `,
      // Added with review photos and line reviews.
      addedColumns: ['order_id text', 'line_id text', "image_ids jsonb not null default '[]'::jsonb"],
      indexes: {
        reviews_by_user: '(user_id) where not deleted',
        reviews_by_status: '(status, product_sku, created_at desc) where not deleted',
      },
    },
  ],
};

export interface ReviewRow {
  review_id: string;
  user_id: string;
  author_name: string;
  rating: number;
  content: string;
  product_sku: string | null;
  order_number: string | null;
  order_id: string | null;
  line_id: string | null;
  image_ids: string[];
  verified_purchase: boolean;
  status: 'pending' | 'approved' | 'hidden';
  deleted: boolean;
  created_at: Date;
  updated_at: Date;
  last_position: string | number;
}
