// The address book's query key, apart from its schemas: the shell shares the query without
// loading the address code on every page (app/layout/use-account-ship-to.ts).
export const ADDRESSES_QUERY_ROOT = 'addresses';
