// The contract between the promotions projection and the admin's promotion calls: the tables of
// schema `rm_promotions`. `promotions` holds each code's terms (the event's, as JSON) and its spent
// uses; `promotion_uses` one row per checkout that held the code, with what became of the hold.
export const PROMOTIONS_PROJECTION = 'promotions';
export const PROMOTIONS_TABLE = 'promotions';
export const PROMOTION_USES_TABLE = 'promotion_uses';
