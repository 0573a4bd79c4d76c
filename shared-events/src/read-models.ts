// The contract between projections and the query side: a projection's live tables sit in the
// Postgres schema `rm_<projection name>`.
export const readModelSchema = (projectionName: string): string => `rm_${projectionName}`;
